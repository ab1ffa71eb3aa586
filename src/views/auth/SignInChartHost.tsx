import { useActorRef } from "@xstate/react"
import { useEffect } from "react"
import type { ActorRefFrom } from "xstate"
import { liveSignInMachine } from "../../machines/session/signIn.actors"
import { useProvided } from "../common/useProvided"
import { useSignedInHandoff } from "./useSignedInHandoff"

/**
 * What SignInPage loads on the form's first focus or keystroke: the chart with its validation
 * (Effect Schema) and the ApiClient, XState, and the host that runs it. Most of a sign-in's code.
 */
export { liveSignInMachine }

type SignInChart = typeof liveSignInMachine

/** Runs the chart once it is there; the form beside it stays as it is (focus and typing kept). */
export const SignInChartHost = ({
  machine,
  goto,
  onActor,
}: {
  machine: SignInChart
  goto: string | undefined
  onActor: (actor: ActorRefFrom<SignInChart> | undefined) => void
}) => {
  const handOverTokens = useSignedInHandoff(goto)
  const actor = useActorRef(useProvided(machine, { handOverTokens }))
  useEffect(() => {
    onActor(actor)
    return () => onActor(undefined)
  }, [actor, onActor])
  return null
}
