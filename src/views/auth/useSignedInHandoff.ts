import { useNavigate } from "@tanstack/react-router"
import type { Tokens } from "../../schema/auth"
import { landingAfterSignIn } from "../session/routeGuards"
import { useSession } from "../session/session"

/**
 * What a sign-in chart's `handOverTokens` does at the React edge: the session takes the tokens and
 * the person goes to `goto` or / once the session has loaded the profile, or to /me when the
 * profile lacks the address: decided before any page renders, so the asked page never flashes.
 * On /signin the session chart may only be starting: it takes the tokens once it knows nobody is
 * signed in (an event sent before would be lost).
 */
export const useSignedInHandoff = (goto: string | undefined) => {
  const session = useSession()
  const navigate = useNavigate()
  return (_: unknown, tokens: Tokens): void => {
    void session
      .start()
      .then(async (actor) => {
        await session.status()
        actor.send({ type: "session.signedIn", ...tokens })
        return landingAfterSignIn(session, goto)
      })
      .then((href) => {
        if (href !== null) void navigate({ href, replace: true })
      })
  }
}
