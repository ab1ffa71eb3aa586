import { Stack, Title } from "@mantine/core"
import { useI18nContext } from "../../../i18n/i18n-react"
import { MachineDashboardFigures } from "../../dashboard/MachineDashboardFigures"
import { useMachinePage } from "../MachinePage"
import { MachineHistory } from "./MachineHistory"

/**
 * /machines/{id}/dashboard: the machine's dashboard, a column of cards: the period's figures and
 * charts (docs/dashboards.md), then its position history.
 */
export const MachineDashboardTab = ({
  history,
  figures,
}: {
  history?: React.ReactNode
  figures?: React.ReactNode
}) => {
  const { LL } = useI18nContext()
  const { machine } = useMachinePage()
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2} size="h3">
        {LL.screens.machineDashboard()}
      </Title>
      {figures ?? <MachineDashboardFigures key={machine.id} machineId={machine.id} />}
      {history ?? <MachineHistory machineId={machine.id} />}
    </Stack>
  )
}
