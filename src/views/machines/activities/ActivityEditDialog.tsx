import { Button, Group, Loader, Modal, MultiSelect, NativeSelect, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { ActivityEditMachine } from "../../../machines/activities/activityEdit"
import { type Activity, maxCorrectedItems } from "../../../schema/activity"
import { pickName } from "../../../schema/catalogue"
import type { ClusterId, FieldId, FilterEntryId, MachineId, UserId } from "../../../schema/ids"
import { userLabel } from "../../../schema/user"
import { ServerAlert } from "../../common/FormMessages"
import { useProvided } from "../../common/useProvided"

const nobody = "none"

/** A list the correction sets (fields, drivers, implements): searchable, in the order chosen. */
const ListChoice = (props: {
  label: string
  description?: string
  data: ReadonlyArray<{ value: string; label: string }>
  value: Array<string>
  onChange: (value: Array<string>) => void
}) => {
  const { LL } = useI18nContext()
  return (
    <MultiSelect
      {...props}
      data={[...props.data]}
      placeholder={props.value.length === 0 ? LL.activities.noneChosen() : undefined}
      searchable
      clearable
      hidePickedOptions
      maxValues={maxCorrectedItems}
    />
  )
}

const same = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The member, product type, fields, drivers and implements chosen, sending only what changed (an
 * unchanged choice stays the engine's). A field, person or machine named now but no longer among
 * the choices stays choosable, so opening and saving never drops it silently.
 */
const Choices = ({ actor }: { actor: ReturnType<typeof useActorRef<ActivityEditMachine>> }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const state = useSelector(actor, (s) => s)
  const { activity, choices, error } = state.context
  const [member, setMember] = useState<string>(activity.member?.id ?? nobody)
  const [product, setProduct] = useState<string>(activity.productType?.id ?? nobody)
  const [fields, setFields] = useState<Array<string>>(activity.fields.map((f) => f.id))
  const [drivers, setDrivers] = useState<Array<string>>(activity.drivers.map((d) => d.id))
  const [tools, setTools] = useState<Array<string>>(activity.auxiliaries.map((x) => x.id))
  if (choices === null) return null
  const { corrections } = choices
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 })
  const withCurrent = <A extends { value: string }>(
    offered: ReadonlyArray<A>,
    current: ReadonlyArray<{ value: string; label: string }>,
  ) => [...offered, ...current.filter((c) => !offered.some((o) => o.value === c.value))]
  const fieldData = withCurrent(
    corrections.fields.map((f) => ({
      value: f.id,
      label: f.owner === null ? f.name : t.fieldOf({ name: f.name, owner: userLabel(f.owner) }),
    })),
    activity.fields.map((f) => ({ value: f.id, label: f.name })),
  )
  const driverData = withCurrent(
    corrections.drivers.map((d) => ({ value: d.id, label: userLabel(d) })),
    activity.drivers.map((d) => ({ value: d.id, label: userLabel(d) })),
  )
  const toolData = withCurrent(
    corrections.implements.map((m) => ({
      value: m.id,
      label:
        m.toolWidthM === null
          ? m.name
          : t.implementWidth({ name: m.name, width: number.format(m.toolWidthM) }),
    })),
    activity.auxiliaries.map((x) => ({ value: x.id, label: x.name })),
  )
  const members = [
    { value: nobody, label: t.nobody() },
    ...choices.members.map((m) => ({ value: m.user.id, label: userLabel(m.user) })),
    // The member named now stays choosable even if they left the structure since.
    ...(activity.member && !choices.members.some((m) => m.user.id === activity.member?.id)
      ? [{ value: activity.member.id, label: userLabel(activity.member) }]
      : []),
  ]
  const products = [
    { value: nobody, label: t.none() },
    ...choices.productTypes.map((p) => ({ value: p.id, label: pickName(p.name, locale) })),
  ]
  return (
    <Stack
      component="form"
      gap="md"
      onSubmit={(event) => {
        event.preventDefault()
        const chosenMember = member === nobody ? null : (member as UserId)
        const chosenProduct = product === nobody ? null : (product as FilterEntryId)
        actor.send({
          type: "activityEdit.save",
          edit: {
            ...(chosenMember === (activity.member?.id ?? null) ? {} : { member: chosenMember }),
            ...(chosenProduct === (activity.productType?.id ?? null) ? {} : { productType: chosenProduct }),
            ...(same(
              fields,
              activity.fields.map((f) => f.id),
            )
              ? {}
              : { fields: fields as Array<FieldId> }),
            ...(same(
              drivers,
              activity.drivers.map((d) => d.id),
            )
              ? {}
              : { drivers: drivers as Array<UserId> }),
            ...(same(
              tools,
              activity.auxiliaries.map((x) => x.id),
            )
              ? {}
              : { auxiliaries: tools as Array<MachineId> }),
          },
        })
      }}
    >
      <ServerAlert code={error} title={t.saveFailed()} />
      <NativeSelect
        label={t.memberLabel()}
        data={members}
        value={member}
        onChange={(event) => setMember(event.currentTarget.value)}
      />
      {choices.productTypes.length === 0 ? null : (
        <NativeSelect
          label={t.productLabel()}
          data={products}
          value={product}
          onChange={(event) => setProduct(event.currentTarget.value)}
        />
      )}
      <ListChoice
        label={t.fieldsLabel()}
        description={t.fieldsHelp()}
        data={fieldData}
        value={fields}
        onChange={setFields}
      />
      <ListChoice label={t.driversLabel()} data={driverData} value={drivers} onChange={setDrivers} />
      <ListChoice
        label={t.implementsLabel()}
        description={t.implementsHelp()}
        data={toolData}
        value={tools}
        onChange={setTools}
      />
      <Group justify="flex-end" gap="sm">
        <Button type="submit" loading={state.hasTag("busy")}>
          {t.save()}
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The correction of one activity, in a dialog: who it is for among the structure's members, its
 * product type when the catalogue has any, the fields it worked, its drivers and implements.
 * `onSaved` gets the activity as the server kept it.
 */
export const ActivityEditDialog = ({
  activity,
  cluster,
  title,
  chart,
  onSaved,
  onClose,
}: {
  activity: Activity
  cluster: ClusterId
  title: string
  chart: ActivityEditMachine
  onSaved: (activity: Activity) => void
  onClose: () => void
}) => {
  const { LL } = useI18nContext()
  const t = LL.activities
  const provided = useProvided(chart, { reportSaved: (_, saved: Activity) => onSaved(saved) })
  const actor = useActorRef(provided, { input: { activity, cluster } })
  const state = useSelector(actor, (s) => s)
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="md"
      closeButtonProps={{ "aria-label": LL.app.closeDialog() }}
    >
      {state.matches("loadingChoices") ? (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{LL.app.loading()}</Text>
        </Group>
      ) : null}
      {state.matches("failed") ? (
        <Stack gap="sm" align="flex-start">
          <ServerAlert code={state.context.error} title={t.choicesFailed()} />
          <Button variant="light" onClick={() => actor.send({ type: "activityEdit.retry" })}>
            {t.retry()}
          </Button>
        </Stack>
      ) : null}
      {state.matches("editing") || state.matches("saving") ? <Choices actor={actor} /> : null}
    </Modal>
  )
}
