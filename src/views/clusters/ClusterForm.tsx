import { Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FieldErrors } from "../../machines/lib/form"
import type { ClusterFormValues } from "../../machines/membership/clusterForm"
import { type Cluster, type ClusterKind, type ClusterType, clusterKinds } from "../../schema/cluster"
import { RequiredSummary, useFieldError } from "../common/FormMessages"
import { type ClusterValues, toInput, valuesOf, withType } from "./clusterValues"

const types = Object.keys(clusterKinds) as ReadonlyArray<ClusterType>

/**
 * A structure's information: name, type then kind (the kinds follow the type), VAT number,
 * description, address. `disabled` greys everything (the person lacks editCluster); the hint
 * saying so is given by the parent, referenced by `describedBy`.
 */
export const ClusterForm = ({
  cluster,
  errors,
  busy,
  disabled = false,
  describedBy,
  submitLabel,
  onSave,
}: {
  cluster: Cluster | null
  errors: FieldErrors
  busy: boolean
  disabled?: boolean
  describedBy?: string
  submitLabel: string
  onSave: (values: ClusterFormValues) => void
}) => {
  const { LL } = useI18nContext()
  const fieldError = useFieldError()
  const [values, setValues] = useState<ClusterValues>(() => valuesOf(cluster))
  const text = (name: keyof ClusterValues, path: string = name, required = false) => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues({ ...values, [name]: e.currentTarget.value }),
    error: fieldError(errors[path]),
    required,
    disabled,
    size: "md" as const,
  })
  const kinds = clusterKinds[values.type] as ReadonlyArray<ClusterKind>
  return (
    <form
      noValidate
      aria-describedby={describedBy}
      onSubmit={(event) => {
        event.preventDefault()
        onSave(toInput(values))
      }}
    >
      <Stack gap="lg">
        <Fieldset legend={LL.clusters.form.identity()} radius="md" disabled={disabled}>
          <Stack gap="sm">
            <TextInput
              label={LL.clusters.form.name()}
              autoComplete="organization"
              {...text("name", "name", true)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label={LL.clusters.form.type()}
                size="md"
                disabled={disabled}
                value={values.type}
                data={types.map((type) => ({ value: type, label: LL.clusters.types[type]() }))}
                onChange={(e) => setValues(withType(values, e.currentTarget.value as ClusterType))}
              />
              <NativeSelect
                label={LL.clusters.form.kind()}
                description={LL.clusters.form.kindHint()}
                inputWrapperOrder={["label", "input", "description", "error"]}
                size="md"
                disabled={disabled}
                value={values.kind}
                error={fieldError(errors.kind)}
                data={kinds.map((kind) => ({ value: kind, label: LL.clusters.kinds[kind]() }))}
                onChange={(e) => setValues({ ...values, kind: e.currentTarget.value as ClusterKind })}
              />
            </SimpleGrid>
            <TextInput label={LL.clusters.form.vatNumber()} {...text("vatNumber")} />
            <Textarea label={LL.clusters.form.description()} rows={3} {...text("description")} />
          </Stack>
        </Fieldset>
        <Fieldset legend={LL.clusters.form.address()} radius="md" disabled={disabled}>
          <Stack gap="sm">
            <TextInput
              label={LL.clusters.form.street()}
              autoComplete="address-line1"
              {...text("street", "address.street", true)}
            />
            <TextInput
              label={LL.clusters.form.complement()}
              autoComplete="address-line2"
              {...text("complement", "address.complement")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={LL.clusters.form.postalCode()}
                autoComplete="postal-code"
                {...text("postalCode", "address.postalCode", true)}
              />
              <TextInput
                label={LL.clusters.form.city()}
                autoComplete="address-level2"
                {...text("city", "address.city", true)}
              />
            </SimpleGrid>
            <TextInput
              label={LL.clusters.form.country()}
              autoComplete="country-name"
              {...text("country", "address.country", true)}
            />
          </Stack>
        </Fieldset>
        <RequiredSummary errors={errors} />
        <Group>
          <Button
            type="submit"
            size="lg"
            loading={busy}
            disabled={disabled}
            w={{ base: "100%", xs: "auto" }}
            miw={200}
          >
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
