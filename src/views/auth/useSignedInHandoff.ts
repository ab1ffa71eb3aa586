import { useNavigate } from "@tanstack/react-router"
import type { Tokens } from "../../schema/auth"
import { afterSignIn } from "../session/guards"
import { useSessionActor } from "../session/session"

/**
 * What a sign-in chart's `handOverTokens` does at the React edge: the session takes the tokens and
 * the person goes to `goto` or /; the guards there wait until the session has loaded the profile.
 */
export const useSignedInHandoff = (goto: string | undefined) => {
  const session = useSessionActor()
  const navigate = useNavigate()
  return (_: unknown, tokens: Tokens): void => {
    session.send({ type: "session.signedIn", ...tokens })
    void navigate({ href: afterSignIn(goto), replace: true })
  }
}
