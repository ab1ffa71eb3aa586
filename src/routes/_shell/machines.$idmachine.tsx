import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { Schema } from "effect"
import { MachineRoutePage } from "../../views/machines/MachinePage"

/** `?edit=1`: the machine's edit form instead of its tabs. */
const MachineSearch = Schema.Struct({ edit: Schema.optional(Schema.Literal(1)) })

export const Route = createFileRoute("/_shell/machines/$idmachine")({
  validateSearch: Schema.standardSchemaV1(MachineSearch),
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
