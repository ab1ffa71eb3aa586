import { useNavigate } from "@tanstack/react-router"
import { useEffect } from "react"
import type { Tokens } from "../../schema/auth"
import { afterSignIn } from "../session/guards"
import { useSessionActor } from "../session/session"

/**
 * When a sign-in flow ends with tokens, the session takes them and the person goes to `goto`
 * or /; the guards there wait until the session has loaded the profile.
 */
export const useSignedInHandoff = (tokens: Tokens | undefined, goto: string | undefined): void => {
  const session = useSessionActor()
  const navigate = useNavigate()
  useEffect(() => {
    if (!tokens) return
    session.send({ type: "session.signedIn", ...tokens })
    void navigate({ href: afterSignIn(goto), replace: true })
  }, [tokens, session, navigate, goto])
}
