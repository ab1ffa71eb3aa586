import { useNavigate } from "@tanstack/react-router"
import type { Tokens } from "../../schema/auth"
import { landingAfterSignIn } from "../session/routeGuards"
import { useSessionActor } from "../session/session"

/**
 * What a sign-in chart's `handOverTokens` does at the React edge: the session takes the tokens and
 * the person goes to `goto` or / once the session has loaded the profile, or to /me when the
 * profile lacks the address: decided before any page renders, so the asked page never flashes.
 */
export const useSignedInHandoff = (goto: string | undefined) => {
  const session = useSessionActor()
  const navigate = useNavigate()
  return (_: unknown, tokens: Tokens): void => {
    session.send({ type: "session.signedIn", ...tokens })
    void landingAfterSignIn(session, goto).then((href) => {
      if (href !== null) void navigate({ href, replace: true })
    })
  }
}
