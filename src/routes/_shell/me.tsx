import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { ProfilePage } from "../../views/profile/ProfilePage"

/** `?confirm=` comes from the link in the confirmation mail: the page submits it once, then drops it. */
const MeSearch = Schema.Struct({ confirm: Schema.optional(Schema.String) })

export const Route = createFileRoute("/_shell/me")({
  validateSearch: Schema.standardSchemaV1(MeSearch),
  component: MeRoute,
})

function MeRoute() {
  const { confirm } = Route.useSearch()
  return <ProfilePage confirm={confirm} />
}
