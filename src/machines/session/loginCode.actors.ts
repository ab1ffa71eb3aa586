import { lazyEffect } from "../../services/lazy"
import { loginCodeMachine } from "./loginCode"

export const liveLoginCodeMachine = loginCodeMachine.provide({
  actors: {
    askLoginCode: lazyEffect((live, email: string) => live.auth.askLoginCode(email)),
    loginWithCode: lazyEffect((live, code: string) => live.auth.loginWithCode(code)),
  },
})
