import { createFileRoute } from "@tanstack/react-router"
import { LoginCodePage } from "../views/auth/LoginCodePage"
import { searchParams, text } from "../views/common/searchParams"

/** `?code=` comes from the link in the e-mail; `goto` is kept from /signin. */
const LoginCodeSearch = searchParams({
  code: text,
  goto: text,
})

export const Route = createFileRoute("/loginCode")({
  validateSearch: LoginCodeSearch,
  component: LoginCodeRoute,
})

function LoginCodeRoute() {
  const { code, goto } = Route.useSearch()
  return <LoginCodePage code={code} goto={goto} />
}
