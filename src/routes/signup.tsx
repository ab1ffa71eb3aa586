import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { SignUpPage } from "../views/auth/SignUpPage"
import { requireSignedOut } from "../views/session/routeGuards"

const SignUpSearch = Schema.Struct({ goto: Schema.optional(Schema.String) })

export const Route = createFileRoute("/signup")({
  validateSearch: Schema.standardSchemaV1(SignUpSearch),
  beforeLoad: requireSignedOut,
  component: SignUpRoute,
})

function SignUpRoute() {
  const { goto } = Route.useSearch()
  return <SignUpPage goto={goto} />
}
