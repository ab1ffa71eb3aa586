import { useSelector } from "@xstate/react"
import {
  liveActivityEditMachine,
  liveMachineActivitiesMachine,
} from "../../../machines/activities/activities.actors"
import { useMyClusters } from "../../common/clusterContexts"
import { useSessionActor } from "../../session/session"
import { browserZone } from "../history/period"
import { useMachinePage } from "../MachinePage"
import { rightsIn } from "../rights"
import { MachineActivities } from "./MachineActivities"

/**
 * /machines/{id}/activities, the machine's first tab: its activities over a period. Changing one
 * takes "Gérer les machines" in its structure or the activity modification grant on it (SPEC §6);
 * the server checks it again.
 */
export const MachineActivitiesTab = ({
  chart = liveMachineActivitiesMachine,
  editChart = liveActivityEditMachine,
  zone = browserZone(),
}: {
  /** The charts (the live ones by default; tests give them with their calls stubbed). */
  chart?: typeof liveMachineActivitiesMachine
  editChart?: typeof liveActivityEditMachine
  /** The time zone days and times are read in (the browser's by default). */
  zone?: string
}) => {
  const { machine, access } = useMachinePage()
  const { clusters } = useMyClusters()
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me?.id ?? null)
  const canEdit =
    rightsIn(clusters, machine.cluster.id).includes("manageMachine") ||
    (access.find((row) => row.user.id === me)?.grants.includes("activityModification") ?? false)
  return (
    <MachineActivities
      key={machine.id}
      machineId={machine.id}
      cluster={machine.cluster.id}
      hasBox={machine.currentCounter !== null}
      canEdit={canEdit}
      chart={chart}
      editChart={editChart}
      zone={zone}
    />
  )
}
