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

/** /signin and /signup: signed-in people go to /. */
export const guardAuthPage = (status: AuthStatus): Decision =>
  status === "signedOut" ? stay : { kind: "go", to: "/" }

/** Only a path of this site is followed after sign-in, never another origin (`//evil`, `https:`). */
export const afterSignIn = (goto: string | undefined): string =>
  goto?.startsWith("/") && !goto.startsWith("//") && !goto.startsWith("/\\") && !goto.startsWith("/signin")
    ? goto
    : "/"
