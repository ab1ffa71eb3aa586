import { Button, Group, Loader, Modal, NativeSelect, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useState } from "react"
import { useI18nContext } from "../../../i18n/i18n-react"
import type { ActivityEditMachine } from "../../../machines/activities/activityEdit"
import type { Activity } from "../../../schema/activity"
import { pickName } from "../../../schema/catalogue"
import type { ClusterId, FilterEntryId, UserId } from "../../../schema/ids"
import { userLabel } from "../../../schema/user"
import { ServerAlert } from "../../common/FormMessages"
import { useProvided } from "../../common/useProvided"

const nobody = "none"

/** The member and product type chosen, sending only what changed (an unchanged choice stays the engine's). */
const Choices = ({ actor }: { actor: ReturnType<typeof useActorRef<ActivityEditMachine>> }) => {
  const { LL, locale } = useI18nContext()
  const t = LL.activities
  const state = useSelector(actor, (s) => s)
  const { activity, choices, error } = state.context
  const [member, setMember] = useState<string>(activity.member?.id ?? nobody)
  const [product, setProduct] = useState<string>(activity.productType?.id ?? nobody)
  if (choices === null) return null
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
      <Group justify="flex-end" gap="sm">
        <Button type="submit" loading={state.hasTag("busy")}>
          {t.save()}
        </Button>
      </Group>
    </Stack>
  )
}

/**
 * The change of one activity, in a dialog: who it is for among the structure's members, and its
 * product type when the catalogue has any. `onSaved` gets the activity as the server kept it.
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
    <Modal opened onClose={onClose} title={title} size="md">
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
