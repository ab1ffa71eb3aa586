import * as auth from "../services/auth"
import { fromEffect } from "../services/runtime"
import { loginCodeMachine } from "./loginCode"

export const liveLoginCodeMachine = loginCodeMachine.provide({
  actors: { askLoginCode: fromEffect(auth.askLoginCode), loginWithCode: fromEffect(auth.loginWithCode) },
})
