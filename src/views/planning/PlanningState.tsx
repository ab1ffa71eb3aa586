import { Alert, Anchor, Button, Loader, Stack, Text } from "@mantine/core"
import { Link } from "@tanstack/react-router"
import type { SnapshotFrom } from "xstate"
import { useI18nContext } from "../../i18n/i18n-react"
import type { planningMachine } from "../../machines/booking/planning"

type Snapshot = SnapshotFrom<typeof planningMachine>

/** What shows instead of the bookings: a failure with its retry, no structure, or the first load. */
export const PlanningState = ({ state, onRetry }: { state: Snapshot; onRetry: () => void }) => {
  const { LL } = useI18nContext()
  if (state.matches("clustersFailed") || state.matches({ structure: "failed" })) {
    return (
      <Alert color="red" variant="light" role="alert" title={LL.failure.heading()}>
        <Stack align="flex-start" gap="sm">
          <Text>{LL.planning.loadFailed()}</Text>
          <Button variant="light" onClick={onRetry}>
            {LL.planning.retry()}
          </Button>
        </Stack>
      </Alert>
    )
  }
  if (state.matches("noCluster")) {
    return (
      <Stack gap="xs" align="flex-start">
        <Text>{LL.planning.noCluster()}</Text>
        <Anchor component={Link} to="/clusters/add">
          {LL.planning.noClusterLink()}
        </Anchor>
      </Stack>
    )
  }
  return state.context.bookings === null ? <Loader role="progressbar" aria-label={LL.app.loading()} /> : null
}
