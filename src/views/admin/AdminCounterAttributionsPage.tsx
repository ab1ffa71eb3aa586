import { SimpleGrid, Stack, Text, Title } from "@mantine/core"
import { useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import { liveAdminCountersMachine } from "../../machines/admin/adminCounters.actors"
import { liveAdminBoxHistoryMachine } from "../../machines/counters/boxHistory.actors"
import type { BoxHistoryMachine } from "../counters/MachineBoxHistory"
import { cardList, Outcome } from "./AdminStates"
import { AttributionCard } from "./AttributionCard"
import { type AdminCountersMachine, AdminCountersLoad as Load, useAdminCounters } from "./adminCountersLoad"
import type { ClusterSearchMachine } from "./ClusterPicker"

/**
 * /admin/counters-attributions: which structure each box belongs to, and changing it; a box in
 * use (current or coming association) cannot change, so "Changer" is disabled there with the reason.
 */
export const AdminCounterAttributionsPage = ({
  machine = liveAdminCountersMachine,
  search,
  history = liveAdminBoxHistoryMachine,
  now = Date.now(),
}: {
  machine?: AdminCountersMachine
  search?: ClusterSearchMachine
  history?: BoxHistoryMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  const { actor, state } = useAdminCounters(machine)
  const [open, setOpen] = useState<string | null>(null)
  const { counters, error, attributed } = state.context
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.counters.admin.attribution()}
      </Title>
      <Text c="dimmed">{LL.counters.admin.attributionHint()}</Text>
      <Load actor={actor}>
        <Outcome done={attributed ? LL.counters.admin.attributed({ id: attributed }) : null} error={error} />
        {counters?.length === 0 ? <Text>{LL.counters.admin.noCounters()}</Text> : null}
        <SimpleGrid {...cardList}>
          {(counters ?? []).map((c) => (
            <AttributionCard
              key={c.id}
              counter={c}
              actor={actor}
              state={state}
              search={search}
              history={history}
              now={now}
              open={open === c.id}
              setOpen={setOpen}
            />
          ))}
        </SimpleGrid>
      </Load>
    </Stack>
  )
}
