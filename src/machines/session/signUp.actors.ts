import type { SignupFields } from "../../schema/auth"
import { lazyEffect } from "../../services/lazy"
import { signUpMachine } from "./signUp"

export const liveSignUpMachine = signUpMachine.provide({
  actors: { signup: lazyEffect((live, newUser: typeof SignupFields.Type) => live.auth.signup(newUser)) },
})
