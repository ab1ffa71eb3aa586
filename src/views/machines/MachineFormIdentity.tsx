import { Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Brand, MachineCategory } from "../../schema/catalogue"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import { useCatalogueName } from "../common/catalogueName"
import type { SectionProps } from "./MachineFormFields"

/**
 * The machine's structure (only when adding), name, make and model, category and its type (names in
 * the page's language; a type is picked within its category, and a new category keeps the type only
 * if it has it).
 */
export const MachineFormIdentity = ({
  values,
  set,
  disabled,
  errorAt,
  clusters,
  cluster,
  onPickCluster,
  brands,
  categories,
}: Omit<SectionProps, "numberProps"> & {
  clusters: ReadonlyArray<Cluster> | null
  cluster: ClusterId | null
  onPickCluster: (id: ClusterId) => void
  brands: ReadonlyArray<Brand>
  categories: ReadonlyArray<MachineCategory>
}) => {
  const { LL } = useI18nContext()
  const nameOf = useCatalogueName()
  const category = categories.find((c) => c.id === values.category)
  const none = { value: "", label: LL.machines.form.none() }
  return (
    <Fieldset legend={LL.machines.form.identity()} radius="md" disabled={disabled}>
      <Stack gap="sm">
        {clusters === null ? null : (
          <NativeSelect
            label={LL.machines.form.cluster()}
            size="md"
            required
            value={cluster ?? ""}
            error={errorAt("cluster")}
            data={clusters.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(e) => onPickCluster(e.currentTarget.value as ClusterId)}
          />
        )}
        <TextInput
          label={LL.machines.form.name()}
          size="md"
          required
          disabled={disabled}
          value={values.name}
          error={errorAt("name")}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect
            label={LL.machines.form.brand()}
            size="md"
            disabled={disabled}
            value={values.brand}
            data={[none, ...brands.map((b) => ({ value: b.id, label: b.name }))]}
            onChange={(e) => set({ brand: e.currentTarget.value })}
          />
          <TextInput
            label={LL.machines.form.model()}
            size="md"
            disabled={disabled}
            value={values.model}
            error={errorAt("model")}
            onChange={(e) => set({ model: e.currentTarget.value })}
          />
          <NativeSelect
            label={LL.machines.form.category()}
            size="md"
            disabled={disabled}
            value={values.category}
            data={[none, ...categories.map((c) => ({ value: c.id, label: nameOf(c.name) }))]}
            onChange={(e) => {
              const next = categories.find((c) => c.id === e.currentTarget.value)
              const keepsType = next?.types.some((t) => t.id === values.type) ?? false
              set({ category: e.currentTarget.value, type: keepsType ? values.type : "" })
            }}
          />
          <NativeSelect
            label={LL.machines.form.type()}
            description={category === undefined ? LL.machines.form.pickCategoryFirst() : undefined}
            inputWrapperOrder={["label", "input", "description", "error"]}
            size="md"
            disabled={disabled || category === undefined}
            value={values.type}
            error={errorAt("type")}
            data={[
              none,
              ...(category?.types ?? []).map((t) => ({
                value: t.id,
                label: nameOf(t.name),
              })),
            ]}
            onChange={(e) => set({ type: e.currentTarget.value })}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  )
}
