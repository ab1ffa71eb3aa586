import * as auth from "../services/auth"
import { fromEffect } from "../services/runtime"
import { signUpMachine } from "./signUp"

export const liveSignUpMachine = signUpMachine.provide({ actors: { signup: fromEffect(auth.signup) } })
