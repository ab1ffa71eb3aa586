import { createFileRoute } from "@tanstack/react-router"
import { PlanningMobilePage } from "../../views/planning/PlanningMobilePage"
import { type PlanningSearch, parsePlanningSearch } from "../../views/planning/search"

/** `?date=YYYY-MM-DD&cluster=…&machine=…&employee=…&all=true`: the agenda's first day and filters (a reload keeps them). */
export const Route = createFileRoute("/_shell/PlanningMobile")({
  staticData: { namespaces: ["planning", "screens", "activities"] },
  validateSearch: (raw: Record<string, unknown>): PlanningSearch => parsePlanningSearch(raw),
  component: PlanningMobileRoute,
})

function PlanningMobileRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <PlanningMobilePage search={search} onSearch={(next) => navigate({ search: next, replace: true })} />
}
