import { createFileRoute } from "@tanstack/react-router"
import { useSelector } from "@xstate/react"
import { FinishActivityPage } from "../../views/activities/FinishActivityPage"
import { useSessionActor } from "../../views/session/session"

export const Route = createFileRoute("/_shell/Activitys/finished")({
  staticData: { namespaces: ["screens", "dateTime", "activities"] },
  component: FinishedRoute,
})

function FinishedRoute() {
  const session = useSessionActor()
  const me = useSelector(session, (s) => s.context.me?.id ?? null)
  return me === null ? null : <FinishActivityPage key={me} me={me} />
}
