/**
 * SPEC §2 redirect rules as pure decisions; the route files turn a decision into `redirect()`.
 * `status` is read from the settled session snapshot.
 */
export type AuthStatus = "signedOut" | "signedIn" | "profileIncomplete"

export type Decision =
  | { readonly kind: "stay" }
  | { readonly kind: "signIn"; readonly goto: string }
  | { readonly kind: "go"; readonly to: string }

const stay: Decision = { kind: "stay" }

/** A guarded page: signed-out people sign in first; an incomplete profile is forced to /me. */
export const guardPage = (status: AuthStatus, href: string, pathname: string): Decision => {
  if (status === "signedOut") return { kind: "signIn", goto: href }
  if (status === "profileIncomplete" && pathname !== "/me") return { kind: "go", to: "/me" }
  return stay
}

/** Only a path of this site is followed after sign-in, never another origin (`//evil`, `https:`). */
export const afterSignIn = (goto: string | undefined): string =>
  goto?.startsWith("/") && !goto.startsWith("//") && !goto.startsWith("/\\") && !goto.startsWith("/signin")
    ? goto
    : "/"

/**
 * Where a signed-in person goes from the sign-in pages: the page asked for (`goto`, else /), or
 * /me straight away when the profile is incomplete, so the page asked for never opens first.
 */
export const landing = (status: Exclude<AuthStatus, "signedOut">, goto: string | undefined): string => {
  const target = afterSignIn(goto)
  const decision = guardPage(status, target, target.replace(/[?#].*$/, ""))
  return decision.kind === "go" ? decision.to : target
}

/**
 * /signin and /signup: signed-in people go to / (SPEC §2) or, when the address carries `goto`,
 * where signing in there leads (the guards run again as the session settles after a sign-in, and
 * agree with the sign-in's own navigation).
 */
export const guardAuthPage = (status: AuthStatus, goto?: string): Decision =>
  status === "signedOut" ? stay : { kind: "go", to: landing(status, goto) }
