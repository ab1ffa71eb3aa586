import * as auth from "../services/auth"
import { fromEffect } from "../services/runtime"
import { signInMachine } from "./signIn"

export const liveSignInMachine = signInMachine.provide({ actors: { login: fromEffect(auth.login) } })
