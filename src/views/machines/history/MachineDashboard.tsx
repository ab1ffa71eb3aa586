import { Stack, Title } from "@mantine/core"
import { useI18nContext } from "../../../i18n/i18n-react"
import { useMachinePage } from "../MachinePage"
import { MachineHistory } from "./MachineHistory"

/**
 * /machines/{id}/dashboard: the machine's dashboard, a column of cards. Today its position
 * history; the dashboards' other cards (maintenance, alerts…) go above or below it.
 */
export const MachineDashboardTab = ({ history }: { history?: React.ReactNode }) => {
  const { LL } = useI18nContext()
  const { machine } = useMachinePage()
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={2} size="h3">
        {LL.screens.machineDashboard()}
      </Title>
      {history ?? <MachineHistory machineId={machine.id} />}
    </Stack>
  )
}
