import { redirect } from "@tanstack/react-router"
import { guardAuthPage, guardPage, landing } from "./guards"
import type { RouterContext, Session } from "./session"

interface GuardArgs {
  readonly context: RouterContext
  readonly location: { readonly href: string; readonly pathname: string; readonly search?: unknown }
}

/** `beforeLoad` of every guarded layout (main shell, admin). */
export const requireSession = async ({ context, location }: GuardArgs): Promise<void> => {
  const decision = guardPage(await context.session.status(), location.href, location.pathname)
  if (decision.kind === "signIn") throw redirect({ to: "/signin", search: { goto: decision.goto } })
  if (decision.kind === "go") throw redirect({ href: decision.to })
}

const gotoOf = (search: unknown): string | undefined => {
  const goto = (search as { goto?: unknown } | undefined)?.goto
  return typeof goto === "string" ? goto : undefined
}

/** `beforeLoad` of /signin and /signup. */
export const requireSignedOut = async ({
  context,
  location,
}: Pick<GuardArgs, "context"> & Partial<Pick<GuardArgs, "location">>): Promise<void> => {
  const decision = guardAuthPage(await context.session.status(), gotoOf(location?.search))
  if (decision.kind === "go") throw redirect({ href: decision.to, replace: true })
}

/**
 * What a sign-in hands the person over with, once the session has its tokens: waits until the
 * session has loaded the profile, then says where to go — the page asked for, or /me when the
 * address or city is missing (SPEC §2), so the page asked for is never opened on the way. null
 * when the tokens were refused after all: the person stays where they are.
 */
export const landingAfterSignIn = async (
  session: Session,
  goto: string | undefined,
): Promise<string | null> => {
  const status = await session.status()
  return status === "signedOut" ? null : landing(status, goto)
}
