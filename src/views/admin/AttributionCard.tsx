import { Button, Card, Stack, Text } from "@mantine/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useI18nContext } from "../../i18n/i18n-react"
import { isPast } from "../../machines/counters/association"
import type { Counter } from "../../schema/counter"
import { wrapping } from "../common/RightHint"
import type { BoxHistoryMachine } from "../counters/MachineBoxHistory"
import type { AdminCountersActor, AdminCountersState } from "./adminCountersLoad"
import { ClusterPicker, type ClusterSearchMachine } from "./ClusterPicker"
import { CounterFacts, counterTitle } from "./CounterFacts"

/**
 * Whether a box is in use (on a machine now, or with a current or coming association), which
 * keeps it in its structure; null while its associations are loading.
 */
const useInUse = (counter: Counter, history: BoxHistoryMachine, now: number): boolean | null => {
  const actor = useActorRef(history, { input: { source: { counter: counter.id } } })
  const associations = useSelector(actor, (s) => s.context.associations)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  if (counter.machine !== null) return true
  // Unknown (the list could not load): the server still decides, its refusal is translated.
  if (failed) return false
  if (associations === null) return null
  return associations.some((a) => !isPast(a, now))
}

export const AttributionCard = ({
  counter: c,
  actor,
  state,
  search,
  history,
  now,
  open,
  setOpen,
}: {
  counter: Counter
  actor: AdminCountersActor
  state: AdminCountersState
  search?: ClusterSearchMachine
  history: BoxHistoryMachine
  now: number
  open: boolean
  setOpen: (id: string | null) => void
}) => {
  const { LL } = useI18nContext()
  const { saving } = state.context
  const inUse = useInUse(c, history, now)
  const hintId = `attribution-hint-${c.id}`
  return (
    <Card component="li" withBorder radius="md" padding="md" aria-label={counterTitle(LL, c)}>
      <Stack gap="sm">
        <CounterFacts counter={c} now={now} />
        {open ? (
          <ClusterPicker
            current={c.cluster}
            busy={saving !== null}
            search={search}
            onPick={(cluster) => {
              setOpen(null)
              actor.send({ type: "adminCounters.attribute", counter: c.id, cluster })
            }}
          />
        ) : (
          <>
            <Button
              size="md"
              variant="light"
              loading={saving === c.id || inUse === null}
              disabled={
                inUse !== false ||
                !state.can({ type: "adminCounters.attribute", counter: c.id, cluster: null })
              }
              onClick={() => setOpen(c.id)}
              aria-label={`${LL.counters.admin.change()} : ${counterTitle(LL, c)}`}
              aria-describedby={inUse === true ? hintId : undefined}
              {...wrapping}
            >
              {LL.counters.admin.change()}
            </Button>
            {inUse === true ? (
              <Text id={hintId} size="sm" fw={600} role="note">
                {LL.counters.admin.attributionHint()}
              </Text>
            ) : null}
          </>
        )}
      </Stack>
    </Card>
  )
}
