import { createFileRoute } from "@tanstack/react-router"
import { ResetPasswordPage } from "../views/auth/ResetPasswordPage"
import { searchParams, text } from "../views/common/searchParams"

/** With `email` and `token` (the e-mailed link) the page sets a new password; without, it asks for the link. */
const ResetSearch = searchParams({
  email: text,
  token: text,
})

export const Route = createFileRoute("/resetPassword")({
  validateSearch: ResetSearch,
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { email, token } = Route.useSearch()
  return <ResetPasswordPage email={email} token={token} />
}
