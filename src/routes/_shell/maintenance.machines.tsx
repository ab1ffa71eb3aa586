import { createFileRoute, useNavigate } from "@tanstack/react-router"
import type { MachineId } from "../../schema/ids"
import { searchParams, uuid } from "../../views/common/searchParams"
import { MaintenanceMachinePage } from "../../views/maintenance/MaintenanceMachine"

/** ?machine= shows that machine. */
const MachineSearch = searchParams({ machine: uuid })

const MaintenanceMachineRoute = () => {
  const { machine } = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  return (
    <MaintenanceMachinePage
      initial={machine as MachineId | undefined}
      onPick={(id) => navigate({ search: { machine: id }, replace: true })}
    />
  )
}

export const Route = createFileRoute("/_shell/maintenance/machines")({
  staticData: { namespaces: ["screens", "upkeep", "upkeepRules", "upkeepMachine", "dateTime"] },
  validateSearch: MachineSearch,
  component: MaintenanceMachineRoute,
})
