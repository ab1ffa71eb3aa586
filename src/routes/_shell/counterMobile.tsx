import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { CountersPage } from "../../views/counters/CountersPage"
import { isRemovalMode, RemovalPage } from "../../views/counters/RemovalPage"

/** `?remove=1` (the home card "Retirer un boîtier"): the removal mode; any other value is ignored. */
const CounterMobileSearch = Schema.Struct({
  remove: Schema.optional(Schema.Union(Schema.Number, Schema.String, Schema.Boolean)),
})

export const Route = createFileRoute("/_shell/counterMobile")({
  validateSearch: Schema.standardSchemaV1(CounterMobileSearch),
  component: CounterMobileRoute,
})

function CounterMobileRoute() {
  const { remove } = Route.useSearch()
  return isRemovalMode(remove) ? <RemovalPage /> : <CountersPage phone />
}
