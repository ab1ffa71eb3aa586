import { lazyEffect } from "../../services/lazy"
import { emailConfirmationMachine } from "./emailConfirmation"

export const liveEmailConfirmationMachine = emailConfirmationMachine.provide({
  actors: {
    confirmEmail: lazyEffect((live, code: string) => live.auth.confirmEmail(code)),
    askEmailConfirmation: lazyEffect((live) => live.auth.askEmailConfirmation),
  },
})
