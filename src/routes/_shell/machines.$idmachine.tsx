import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { literal, searchParams } from "../../views/common/searchParams"
import { MachineRoutePage } from "../../views/machines/MachinePage"

/** `?edit=1`: the machine's edit form instead of its tabs. */
const MachineSearch = searchParams({ edit: literal(1) })

export const Route = createFileRoute("/_shell/machines/$idmachine")({
  staticData: { namespaces: ["clusters", "membership", "machines", "screens", "dateTime"] },
  validateSearch: MachineSearch,
  component: MachineSection,
})

function MachineSection() {
  const { idmachine } = Route.useParams()
  const { edit } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <MachineRoutePage
      idmachine={idmachine}
      editing={edit === 1}
      onEditing={(open) => void navigate({ to: ".", search: open ? { edit: 1 } : {} })}
    />
  )
}
