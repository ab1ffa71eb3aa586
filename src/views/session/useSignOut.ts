import { useNavigate } from "@tanstack/react-router"
import { useCallback } from "react"
import { useSessionActor } from "./session"

/** Signs out on this device (SPEC: all local storage cleared, token nulled) and opens /signin. */
export const useSignOut = () => {
  const session = useSessionActor()
  const navigate = useNavigate()
  return useCallback(() => {
    session.send({ type: "session.logout" })
    void navigate({ to: "/signin" })
  }, [session, navigate])
}
