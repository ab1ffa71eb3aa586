// Size: one row in its modes (shown, editing dates, confirming end or deletion), all one chart.
import { Badge, Button, Card, Group, Modal, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { DateTime } from "effect"
import { useI18nContext } from "../../i18n/i18n-react"
import { isCurrent } from "../../machines/counters/association"
import { liveAssociationMachine } from "../../machines/counters/association.actors"
import type { CounterAssociation } from "../../schema/counter"
import { useMyClusters } from "../common/clusterContexts"
import { ServerAlert } from "../common/FormMessages"
import { formatDate } from "../common/format"
import { holds, RightHint, wrapping } from "../common/RightHint"
import { useProvided } from "../common/useProvided"
import { DatesForm } from "./AssociationDatesForm"

export type AssociationMachine = typeof liveAssociationMachine

/** Whether the person holds editCounters in the association's structure. */
export const useCanEditCounters = (clusterId: string): boolean => {
  const { clusters } = useMyClusters()
  const cluster = clusters?.find((c) => c.id === clusterId)
  return cluster !== undefined && holds(cluster.myRights, "editCounters")
}

/**
 * One association of a box with a machine: its period and state, and (with editCounters in its
 * structure) edit dates, end now and delete, each of the last two after a confirmation. `onChanged` is told after any
 * change the server accepted, so the lists reload. `compact` (a past row in a folded history): its
 * dates and why it cannot change, with only the delete action (no disabled edit / end buttons).
 */
export const AssociationItem = ({
  association,
  show,
  onChanged,
  machine = liveAssociationMachine,
  now = Date.now(),
  compact = false,
}: {
  association: CounterAssociation
  /** What the row names: the box (on a machine's history) or the machine (on a box's). */
  show: "box" | "machine"
  onChanged: () => void
  machine?: AssociationMachine
  now?: number
  compact?: boolean
}) => {
  const { LL, locale } = useI18nContext()
  const provided = useProvided(machine, { tellChanged: () => onChanged() })
  const actor = useActorRef(provided, { input: { association, now } })
  const state = useSelector(actor, (s) => s)
  const { association: a, error } = state.context
  const canEdit = useCanEditCounters(a.cluster.id)
  const busy = state.hasTag("busy")
  if (state.matches("deleted")) return null
  const ended = state.matches("ended")
  // Refused before sending (end not after the start): said on the end field, not as an alert.
  const endError = state.matches("editing") && error === "endBeforeStart" ? error : null
  const current = isCurrent(a, now)
  const box = LL.counters.association.box({ id: a.counter })
  const machines = a.machines.map((m) => m.name).join(", ")
  const start = formatDate(a.start_date, locale)
  const label = (action: string) =>
    LL.counters.association.actionsFor({ action, box: show === "box" ? box : machines, start })
  const status = ended
    ? LL.counters.association.past()
    : current
      ? LL.counters.association.ongoing()
      : LL.counters.association.upcoming()
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} style={{ overflowWrap: "anywhere" }}>
            {show === "box" ? box : machines}
          </Text>
          <Badge color={ended ? "gray" : current ? "green" : "blue"} variant="light">
            {status}
          </Badge>
        </Group>
        <Text size="sm">
          {LL.counters.association.start()} : {start}
        </Text>
        <Text size="sm">
          {LL.counters.association.end()} :{" "}
          {a.end_date === null ? LL.counters.association.ongoing() : formatDate(a.end_date, locale)}
        </Text>
        <ServerAlert code={endError === null ? error : null} />
        {state.matches("editing") ||
        (state.matches("saving") && state.context.pending?.start_date !== undefined) ? (
          <DatesForm
            association={a}
            busy={busy}
            endError={endError}
            onCancel={() => actor.send({ type: "association.cancel" })}
            onSave={(s, e) => {
              actor.send({
                type: "association.save",
                start_date: DateTime.unsafeMake(s),
                end_date: e === null ? null : DateTime.unsafeMake(e),
              })
            }}
          />
        ) : (
          <Group gap="sm" wrap="wrap">
            {compact && ended ? null : (
              <>
                <Button
                  size="md"
                  variant="light"
                  {...wrapping}
                  disabled={!canEdit || ended || busy}
                  aria-label={label(LL.counters.association.edit())}
                  onClick={() => actor.send({ type: "association.edit" })}
                >
                  {LL.counters.association.edit()}
                </Button>
                <Button
                  size="md"
                  variant="light"
                  {...wrapping}
                  disabled={!canEdit || !current || busy}
                  loading={state.matches("saving")}
                  aria-label={label(LL.counters.association.endNow())}
                  onClick={() => actor.send({ type: "association.end" })}
                >
                  {LL.counters.association.endNow()}
                </Button>
              </>
            )}
            <Button
              size="md"
              variant="light"
              color="red"
              {...wrapping}
              disabled={!canEdit || busy}
              aria-label={label(LL.counters.association.delete())}
              onClick={() => actor.send({ type: "association.delete" })}
            >
              {LL.counters.association.delete()}
            </Button>
          </Group>
        )}
        {canEdit ? null : <RightHint right="editCounters" />}
        {(canEdit || compact) && ended ? (
          <Text size="sm" c="dimmed" role="note">
            {LL.counters.association.pastHint()}
          </Text>
        ) : null}
        {canEdit && !ended && !current ? (
          <Text size="sm" c="dimmed" role="note">
            {LL.counters.association.endNowHint()}
          </Text>
        ) : null}
      </Stack>
      <Modal
        opened={state.matches("confirmingEnd")}
        onClose={() => actor.send({ type: "association.cancel" })}
        title={LL.counters.association.endConfirmTitle()}
        closeButtonProps={{ "aria-label": LL.counters.association.cancel() }}
      >
        <Stack gap="md">
          <Text style={{ overflowWrap: "anywhere" }}>
            {LL.counters.association.endConfirmText({ box: a.counter, machine: machines })}
          </Text>
          <Group gap="sm">
            <Button size="md" color="red" onClick={() => actor.send({ type: "association.confirm" })}>
              {LL.counters.association.endConfirm()}
            </Button>
            <Button size="md" variant="default" onClick={() => actor.send({ type: "association.cancel" })}>
              {LL.counters.association.cancel()}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={state.matches("confirming") || state.matches("deleting")}
        onClose={() => actor.send({ type: "association.cancel" })}
        title={LL.counters.association.confirmTitle()}
        closeButtonProps={{ "aria-label": LL.counters.association.cancel() }}
      >
        <Stack gap="md">
          <Text>{LL.counters.association.confirmText()}</Text>
          <Group gap="sm">
            <Button
              size="md"
              color="red"
              loading={state.matches("deleting")}
              onClick={() => actor.send({ type: "association.confirm" })}
            >
              {LL.counters.association.confirm()}
            </Button>
            <Button size="md" variant="default" onClick={() => actor.send({ type: "association.cancel" })}>
              {LL.counters.association.cancel()}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  )
}
