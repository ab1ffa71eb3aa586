import { Button, Loader, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveBoxHistoryMachine } from "../../machines/counters.boxHistory.actors"
import type { MachineId } from "../../schema/ids"
import { ServerAlert } from "../auth/FormMessages"
import { AssociationItem, type AssociationMachine } from "./AssociationItem"

export type BoxHistoryMachine = typeof liveBoxHistoryMachine

/** A list of associations (a machine's or a box's), each with its actions. */
export const AssociationList = ({
  actor,
  show,
  association,
  now,
  empty,
  onChanged,
}: {
  actor: ReturnType<typeof useActorRef<BoxHistoryMachine>>
  show: "box" | "machine"
  association?: AssociationMachine
  now?: number
  empty: string
  /** Told after a change, instead of reloading only this list. */
  onChanged?: () => void
}) => {
  const { LL } = useI18nContext()
  const state = useSelector(actor, (s) => s)
  const { associations, error } = state.context
  const reload = useCallback(() => actor.send({ type: "boxHistory.refresh" }), [actor])
  const refresh = onChanged ?? reload
  if (state.matches("failed"))
    return (
      <Stack gap="sm">
        <ServerAlert code={error} />
        <Button size="md" variant="light" onClick={() => actor.send({ type: "boxHistory.retry" })}>
          {LL.counters.history.retry()}
        </Button>
      </Stack>
    )
  if (associations === null) return <Loader aria-label={LL.app.loading()} />
  if (associations.length === 0) return <Text c="dimmed">{empty}</Text>
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {associations.map((a) => (
        <AssociationItem
          key={`${a.id}-${a.start_date.epochMillis}-${a.end_date?.epochMillis ?? "open"}`}
          association={a}
          show={show}
          onChanged={refresh}
          machine={association}
          now={now}
        />
      ))}
    </Stack>
  )
}

/**
 * A machine's box history (GET /machines/{id}/associations), newest first, with the same actions
 * as on /counter: edit dates, end now, delete (editCounters in the machine's structure).
 */
export const MachineBoxHistory = ({
  machineId,
  machine = liveBoxHistoryMachine,
  association,
  now,
}: {
  machineId: MachineId
  machine?: BoxHistoryMachine
  association?: AssociationMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  const actor = useActorRef(machine, { input: { source: { machine: machineId } } })
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {LL.counters.history.title()}
      </Title>
      <AssociationList
        actor={actor}
        show="box"
        association={association}
        now={now}
        empty={LL.counters.history.empty()}
      />
    </Stack>
  )
}
