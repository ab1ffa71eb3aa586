import { createFileRoute } from "@tanstack/react-router"
import { searchParams, text } from "../../views/common/searchParams"
import { ProfilePage } from "../../views/profile/ProfilePage"

/** `?confirm=` comes from the link in the confirmation mail: the page submits it once, then drops it. */
const MeSearch = searchParams({ confirm: text })

export const Route = createFileRoute("/_shell/me")({
  staticData: { namespaces: ["profile"] },
  validateSearch: MeSearch,
  component: MeRoute,
})

function MeRoute() {
  const { confirm } = Route.useSearch()
  return <ProfilePage confirm={confirm} />
}
