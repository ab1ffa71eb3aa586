import { createFileRoute } from "@tanstack/react-router"
import { Schema } from "effect"
import { ResetPasswordPage } from "../views/auth/ResetPasswordPage"

/** With `email` and `token` (the e-mailed link) the page sets a new password; without, it asks for the link. */
const ResetSearch = Schema.Struct({
  email: Schema.optional(Schema.String),
  token: Schema.optional(Schema.String),
})

export const Route = createFileRoute("/resetPassword")({
  validateSearch: Schema.standardSchemaV1(ResetSearch),
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { email, token } = Route.useSearch()
  return <ResetPasswordPage email={email} token={token} />
}
