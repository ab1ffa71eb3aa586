import { createFileRoute } from "@tanstack/react-router"
import { FinaliseAccountPage } from "../views/auth/FinaliseAccountPage"
import { SignUpPage } from "../views/auth/SignUpPage"
import { searchParams, text } from "../views/common/searchParams"
import { requireSignedOut } from "../views/session/routeGuards"

const SignUpSearch = searchParams({
  goto: text,
  /** The finalisation link's token: an invited person creates their account (SPEC §4). */
  invitation: text,
})

export const Route = createFileRoute("/signup")({
  staticData: { namespaces: ["membership"] },
  validateSearch: SignUpSearch,
  beforeLoad: requireSignedOut,
  component: SignUpRoute,
})

function SignUpRoute() {
  const { goto, invitation } = Route.useSearch()
  return invitation ? <FinaliseAccountPage token={invitation} /> : <SignUpPage goto={goto} />
}
