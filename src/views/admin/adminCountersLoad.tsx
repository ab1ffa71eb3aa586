import { useActorRef, useSelector } from "@xstate/react"
import type { liveAdminCountersMachine } from "../../machines/admin/adminCounters.actors"
import { AdminLoad } from "./AdminStates"

export type AdminCountersMachine = typeof liveAdminCountersMachine
export type AdminCountersActor = ReturnType<typeof useActorRef<AdminCountersMachine>>

export const useAdminCounters = (machine: AdminCountersMachine) => {
  const actor = useActorRef(machine)
  const state = useSelector(actor, (s) => s)
  return { actor, state }
}

export type AdminCountersState = ReturnType<typeof useAdminCounters>["state"]

export const AdminCountersLoad = ({
  actor,
  children,
}: {
  actor: AdminCountersActor
  children: React.ReactNode
}) => {
  const state = useSelector(actor, (s) => s)
  return (
    <AdminLoad
      forbidden={state.matches("forbidden")}
      failed={state.matches("failed")}
      loaded={state.context.counters !== null}
      error={state.context.error}
      onRetry={() => actor.send({ type: "adminCounters.retry" })}
    >
      {children}
    </AdminLoad>
  )
}
