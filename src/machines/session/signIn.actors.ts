import type { LoginPayload } from "../../schema/auth"
import { lazyEffect } from "../../services/lazy"
import { signInMachine } from "./signIn"

export const liveSignInMachine = signInMachine.provide({
  actors: { login: lazyEffect((live, payload: typeof LoginPayload.Type) => live.auth.login(payload)) },
})
