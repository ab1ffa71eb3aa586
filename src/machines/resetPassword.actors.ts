import * as auth from "../services/auth"
import { fromEffect } from "../services/runtime"
import { resetPasswordMachine } from "./resetPassword"

export const liveResetPasswordMachine = resetPasswordMachine.provide({
  actors: {
    askResetPassword: fromEffect(auth.askResetPassword),
    resetPassword: fromEffect(auth.resetPassword),
  },
})
