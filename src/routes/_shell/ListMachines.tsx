import { createFileRoute } from "@tanstack/react-router"
import { literal, searchParams, text } from "../../views/common/searchParams"
import { MachineFormPage } from "../../views/machines/MachineFormPage"
import { MachineListPage } from "../../views/machines/MachineListPage"

/** `?add=1[&cluster=…]`: the add form (the menu's "Ajouter une machine" and the list's button lead here). */
const ListMachinesSearch = searchParams({
  add: literal(1),
  /** The structure chosen first in the add form (from a structure's machines tab). */
  cluster: text,
})

export const Route = createFileRoute("/_shell/ListMachines")({
  staticData: { namespaces: ["clusters", "membership", "machines", "screens", "dateTime"] },
  validateSearch: ListMachinesSearch,
  component: ListMachinesRoute,
})

function ListMachinesRoute() {
  const { add, cluster } = Route.useSearch()
  return add === 1 ? <MachineFormPage key="add" preferredCluster={cluster} /> : <MachineListPage />
}
