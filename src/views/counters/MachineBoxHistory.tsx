import { Button, Loader, Stack, Text, Title } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useCallback, useId, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { isPast } from "../../machines/counters/association"
import { liveBoxHistoryMachine } from "../../machines/counters/boxHistory.actors"
import type { CounterAssociation } from "../../schema/counter"
import type { MachineId } from "../../schema/ids"
import { ServerAlert } from "../common/FormMessages"
import { AssociationItem, type AssociationMachine } from "./AssociationItem"

export type BoxHistoryMachine = typeof liveBoxHistoryMachine

/**
 * A list of associations (a machine's or a box's), each with its actions. `foldPast`: the current
 * and coming ones stay in view; the past ones fold behind "Historique (n)", each as a short row.
 */
export const AssociationList = ({
  actor,
  show,
  association,
  now,
  empty,
  onChanged,
  foldPast = false,
}: {
  actor: ReturnType<typeof useActorRef<BoxHistoryMachine>>
  show: "box" | "machine"
  association?: AssociationMachine
  now?: number
  empty: string
  /** Told after a change, instead of reloading only this list. */
  onChanged?: () => void
  foldPast?: boolean
}) => {
  const { LL } = useI18nContext()
  const [open, setOpen] = useState(false)
  const pastId = useId()
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
  if (associations === null) return <Loader role="progressbar" aria-label={LL.app.loading()} />
  if (associations.length === 0) return <Text c="dimmed">{empty}</Text>
  const items = (list: ReadonlyArray<CounterAssociation>, compact: boolean) => (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {list.map((a) => (
        <AssociationItem
          key={`${a.id}-${a.start_date.epochMillis}-${a.end_date?.epochMillis ?? "open"}`}
          association={a}
          show={show}
          onChanged={refresh}
          machine={association}
          now={now}
          compact={compact}
        />
      ))}
    </Stack>
  )
  if (!foldPast) return items(associations, false)
  const at = now ?? Date.now()
  const past = associations.filter((a) => isPast(a, at))
  const coming = associations.filter((a) => !isPast(a, at))
  return (
    <Stack gap="sm">
      {coming.length > 0 ? items(coming, false) : null}
      {past.length > 0 ? (
        <>
          <Button
            size="md"
            variant="subtle"
            justify="flex-start"
            aria-expanded={open}
            aria-controls={pastId}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? "▾" : "▸"}</span>&nbsp;
            {LL.counters.history.past({ n: past.length })}
          </Button>
          <div id={pastId} hidden={!open}>
            {open ? items(past, true) : null}
          </div>
        </>
      ) : null}
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
