import { redirect } from "@tanstack/react-router"
import { waitForSession } from "../../machines/session/session.selectors"
import { guardAuthPage, guardPage } from "./guards"
import { type RouterContext, statusOf } from "./session"

interface GuardArgs {
  readonly context: RouterContext
  readonly location: { readonly href: string; readonly pathname: string }
}

/** `beforeLoad` of every guarded layout (main shell, admin). */
export const requireSession = async ({ context, location }: GuardArgs): Promise<void> => {
  const decision = guardPage(
    statusOf(await waitForSession(context.session)),
    location.href,
    location.pathname,
  )
  if (decision.kind === "signIn") throw redirect({ to: "/signin", search: { goto: decision.goto } })
  if (decision.kind === "go") throw redirect({ href: decision.to })
}

/** `beforeLoad` of /signin and /signup. */
export const requireSignedOut = async ({ context }: Pick<GuardArgs, "context">): Promise<void> => {
  const decision = guardAuthPage(statusOf(await waitForSession(context.session)))
  if (decision.kind === "go") throw redirect({ href: decision.to })
}
