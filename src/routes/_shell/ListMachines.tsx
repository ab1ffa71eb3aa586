import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { MachineFormPage } from "../../views/machines/MachineFormPage"
import { MachineListPage } from "../../views/machines/MachineListPage"

/** `?add=1[&cluster=…]`: the add form (the menu's "Ajouter une machine" and the list's button lead here). */
const ListMachinesSearch = Schema.Struct({
  add: Schema.optional(Schema.Literal(1)),
  /** The structure chosen first in the add form (from a structure's machines tab). */
  cluster: Schema.optional(Schema.String),
})

export const Route = createFileRoute("/_shell/ListMachines")({
  validateSearch: Schema.standardSchemaV1(ListMachinesSearch),
  component: ListMachinesRoute,
})

function ListMachinesRoute() {
  const { add, cluster } = Route.useSearch()
  return add === 1 ? <MachineFormPage key="add" preferredCluster={cluster} /> : <MachineListPage />
}
