import { lazyEffect } from "../../services/lazy"
import { resetPasswordMachine } from "./resetPassword"

export const liveResetPasswordMachine = resetPasswordMachine.provide({
  actors: {
    askResetPassword: lazyEffect((live, email: string) => live.auth.askResetPassword(email)),
    resetPassword: lazyEffect((live, payload: { email: string; token: string; password: string }) =>
      live.auth.resetPassword(payload),
    ),
  },
})
