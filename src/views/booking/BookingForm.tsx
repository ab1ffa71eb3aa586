import { Button, NativeSelect, Stack, Text, Textarea, TextInput } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { BookingFormData } from "../../machines/booking/bookingForm.values"
import { type BookingFormValues, forCluster } from "../../machines/booking/bookingForm.values"
import type { BookingFieldOption } from "../../schema/booking"
import type { ClusterId, FilterEntryId, UserId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { userLabel } from "../../schema/user"
import { useCatalogueName } from "../common/catalogueName"
import { useFieldError } from "../common/FormMessages"
import { wrapping } from "../common/RightHint"
import { AreaField } from "./AreaField"
import { BookingDates } from "./BookingDates"
import { FieldPicker } from "./FieldPicker"
import { FormAlert } from "./FormAlert"
import { ResourceList } from "./ResourceList"

export { FormAlert } from "./FormAlert"

/**
 * The booking form's fields: structure, the ordered resources, for whom (only with
 * bookEmployeeForOther), start and end, the fields worked, what is spread or sown (optional),
 * location, comments, an optional drawn area.
 */
export const BookingForm = ({
  data,
  cluster,
  members,
  fields,
  initial,
  me,
  errors,
  error,
  unavailable,
  busy,
  editing,
  onPickCluster,
  onSubmit,
}: {
  data: BookingFormData
  cluster: ClusterId | null
  members: ReadonlyArray<Member> | null
  /** The fields a booking in the structure may name (null while they load). */
  fields: ReadonlyArray<BookingFieldOption> | null
  /** The values the form opened with, then the ones last sent. */
  initial: BookingFormValues
  me: UserId | null
  errors: Partial<Record<string, MessageCode>>
  error: MessageCode | null
  unavailable: ReadonlyArray<string>
  busy: boolean
  editing: boolean
  onPickCluster: (cluster: ClusterId) => void
  onSubmit: (values: BookingFormValues) => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.booking.form
  const translate = useFieldError()
  const nameOf = useCatalogueName()
  const [values, setValues] = useState(initial)
  /** A field's problem shows until the person changes that field (`initial` is what was last sent). */
  const fieldError = (code: MessageCode | undefined, field: keyof BookingFormValues) =>
    values[field] === initial[field] ? translate(code) : undefined
  const set = (patch: Partial<BookingFormValues>) => setValues((v) => ({ ...v, ...patch }))
  const structure = data.clusters.find((c) => c.id === cluster)
  const rights = structure?.myRights ?? []
  const machines = data.machines.filter((m) => m.cluster.id === cluster)
  const people = members ?? []
  const forOther = rights.includes("bookEmployeeForOther")
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit(values)
      }}
      noValidate
    >
      <Stack gap="md">
        <NativeSelect
          size="md"
          label={t.cluster()}
          data={[
            ...(cluster === null ? [{ value: "", label: t.clusterPlaceholder() }] : []),
            ...data.clusters.map((c) => ({ value: c.id, label: c.name })),
          ]}
          value={cluster ?? ""}
          disabled={editing}
          onChange={(e) => {
            const id = e.currentTarget.value as ClusterId
            setValues((v) => forCluster(v, id, data.machines, me))
            onPickCluster(id)
          }}
        />
        <ResourceList
          resources={values.resources}
          machines={machines}
          members={people}
          mayBookEmployee={structure === undefined || rights.includes("bookEmployee")}
          error={fieldError(errors.resources, "resources")}
          onChange={(resources) => set({ resources })}
        />
        {forOther ? (
          <NativeSelect
            size="md"
            label={t.user()}
            data={people.map((m) => ({ value: m.user.id, label: userLabel(m.user) }))}
            value={values.user ?? ""}
            onChange={(e) => set({ user: (e.currentTarget.value || null) as UserId | null })}
            error={fieldError(errors.user, "user")}
          />
        ) : errors.user !== undefined ? (
          <Text c="red.9" size="sm" role="alert">
            {fieldError(errors.user, "user")}
          </Text>
        ) : null}
        <BookingDates
          start={values.start}
          end={values.end}
          startError={fieldError(errors.start_date, "start")}
          endError={fieldError(errors.end_date, "end")}
          onChange={set}
        />
        <FieldPicker
          value={values.fields}
          options={fields}
          known={data.booking?.fields ?? []}
          error={fieldError(errors.fields, "fields")}
          onChange={(picked) => set({ fields: picked })}
        />
        <NativeSelect
          size="md"
          label={t.productType()}
          description={t.productTypeHelp()}
          inputWrapperOrder={["label", "input", "description", "error"]}
          data={[
            { value: "", label: t.noProductType() },
            ...data.productTypes.map((p) => ({ value: p.id, label: nameOf(p.name) })),
          ]}
          value={values.productType ?? ""}
          onChange={(e) => set({ productType: (e.currentTarget.value || null) as FilterEntryId | null })}
          error={fieldError(errors.productType, "productType")}
        />
        <TextInput
          size="md"
          label={t.location()}
          value={values.locationLabel}
          onChange={(e) => set({ locationLabel: e.currentTarget.value })}
          error={fieldError(errors.location, "locationLabel")}
        />
        <Textarea
          size="md"
          label={t.comments()}
          minRows={3}
          value={values.comments}
          onChange={(e) => set({ comments: e.currentTarget.value })}
          error={fieldError(errors.comments, "comments")}
        />
        <AreaField
          value={values.geometry}
          error={fieldError(errors.geometry, "geometry")}
          onChange={(geometry) => set({ geometry })}
        />
        <FormAlert code={error} names={unavailable} />
        <Button type="submit" size="lg" loading={busy} {...wrapping}>
          {editing ? t.save() : t.submit()}
        </Button>
      </Stack>
    </form>
  )
}
