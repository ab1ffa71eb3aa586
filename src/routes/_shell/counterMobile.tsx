import { createFileRoute } from "@tanstack/react-router"
import { boolean, number, oneOf, searchParams, text } from "../../views/common/searchParams"
import { CountersPage } from "../../views/counters/CountersPage"
import { isRemovalMode, RemovalPage } from "../../views/counters/RemovalPage"

/** `?remove=1` (the home card "Retirer un boîtier"): the removal mode; any other value is ignored. */
const CounterMobileSearch = searchParams({
  remove: oneOf(number, text, boolean),
})

export const Route = createFileRoute("/_shell/counterMobile")({
  staticData: { namespaces: ["clusters", "membership", "counters", "dateTime"] },
  validateSearch: CounterMobileSearch,
  component: CounterMobileRoute,
})

function CounterMobileRoute() {
  const { remove } = Route.useSearch()
  return isRemovalMode(remove) ? <RemovalPage /> : <CountersPage phone />
}
