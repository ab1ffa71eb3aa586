import { createFileRoute } from "@tanstack/react-router"
import { SignInPage } from "../views/auth/SignInPage"
import { searchParams, text } from "../views/common/searchParams"
import { requireSignedOut } from "../views/session/routeGuards"

export const Route = createFileRoute("/signin")({
  validateSearch: searchParams({ goto: text }),
  beforeLoad: requireSignedOut,
  component: SignInRoute,
})

function SignInRoute() {
  const { goto } = Route.useSearch()
  return <SignInPage goto={goto} />
}
