import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { FinaliseAccountPage } from "../views/auth/FinaliseAccountPage"
import { SignUpPage } from "../views/auth/SignUpPage"
import { requireSignedOut } from "../views/session/routeGuards"

const SignUpSearch = Schema.Struct({
  goto: Schema.optional(Schema.String),
  /** The finalisation link's token: an invited person creates their account (SPEC §4). */
  invitation: Schema.optional(Schema.String),
})

export const Route = createFileRoute("/signup")({
  validateSearch: Schema.standardSchemaV1(SignUpSearch),
  beforeLoad: requireSignedOut,
  component: SignUpRoute,
})

function SignUpRoute() {
  const { goto, invitation } = Route.useSearch()
  return invitation ? <FinaliseAccountPage token={invitation} /> : <SignUpPage goto={goto} />
}
