import { createFileRoute } from "@tanstack/react-router"
import { PlanningMainPage } from "../../views/planning/PlanningMainPage"
import { type PlanningSearch, parsePlanningSearch } from "../../views/planning/search"

/** `?view=day|week|month&date=YYYY-MM-DD&by=resource&cluster=…&machine=…&employee=…&all=true` (a reload keeps them). */
export const Route = createFileRoute("/_shell/PlanningMain")({
  staticData: { namespaces: ["planning", "screens", "activities"] },
  validateSearch: (raw: Record<string, unknown>): PlanningSearch => parsePlanningSearch(raw),
  component: PlanningMainRoute,
})

function PlanningMainRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <PlanningMainPage search={search} onSearch={(next) => navigate({ search: next, replace: true })} />
}
