import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { SignInPage } from "../views/auth/SignInPage"
import { requireSignedOut } from "../views/session/routeGuards"

const SignInSearch = Schema.Struct({ goto: Schema.optional(Schema.String) })

export const Route = createFileRoute("/signin")({
  validateSearch: Schema.standardSchemaV1(SignInSearch),
  beforeLoad: requireSignedOut,
  component: SignInRoute,
})

function SignInRoute() {
  const { goto } = Route.useSearch()
  return <SignInPage goto={goto} />
}
