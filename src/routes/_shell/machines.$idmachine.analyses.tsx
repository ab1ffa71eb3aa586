import { Stack, Title } from "@mantine/core"
import { createFileRoute } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"
import { useMachinePage } from "../../views/machines/MachinePage"
import { MachineAnalysis } from "../../views/usage/MachineAnalysis"

export const Route = createFileRoute("/_shell/machines/$idmachine/analyses")({
  staticData: {
    namespaces: [
      "clusters",
      "membership",
      "machines",
      "counters",
      "screens",
      "dateTime",
      "activities",
      "usage",
    ],
  },
  component: MachineAnalysesTab,
})

/** The machine's analyses (docs/usage.md#a-machines-analyses). */
function MachineAnalysesTab() {
  const { LL } = useI18nContext()
  const { machine } = useMachinePage()
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {LL.screens.machineAnalyses()}
      </Title>
      <MachineAnalysis key={machine.id} machineId={machine.id} hasCategory={machine.category !== null} />
    </Stack>
  )
}
