import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { LoginCodePage } from "../views/auth/LoginCodePage"

/** `?code=` comes from the link in the e-mail; `goto` is kept from /signin. */
const LoginCodeSearch = Schema.Struct({
  code: Schema.optional(Schema.String),
  goto: Schema.optional(Schema.String),
})

export const Route = createFileRoute("/loginCode")({
  validateSearch: Schema.standardSchemaV1(LoginCodeSearch),
  component: LoginCodeRoute,
})

function LoginCodeRoute() {
  const { code, goto } = Route.useSearch()
  return <LoginCodePage code={code} goto={goto} />
}
