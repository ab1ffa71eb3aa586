import { Schema } from "effect"
import { UserId } from "./ids"
import { Email, Password, PasswordInput, Required } from "./validation"

export const LoginPayload = Schema.Struct({
  email: Email,
  password: PasswordInput,
  rememberMe: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})

export const Tokens = Schema.Struct({ token: Schema.String, refreshToken: Schema.String })
export type Tokens = typeof Tokens.Type

/** A login code is 10 characters from a 31-letter alphabet without look-alikes (≈ 49 bits). */
export const loginCodeAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ2345679"
export const loginCodeLength = 10
export const LoginCode = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.minLength(1, { message: () => "required" }),
  Schema.maxLength(64),
)
export const LoginCodePayload = Schema.Struct({ code: LoginCode })
/** The code mailed to prove the address, entered while signed in (same alphabet as login codes). */
export const ConfirmEmailPayload = Schema.Struct({ code: LoginCode })
export const AskLoginCodePayload = Schema.Struct({ email: Email })
export const AskResetPasswordPayload = Schema.Struct({ email: Email })
export const ResetPasswordPayload = Schema.Struct({
  email: Email,
  token: Schema.String.pipe(Schema.minLength(1, { message: () => "required" }), Schema.maxLength(200)),
  password: Password,
})

/** Finalising an invited, unconfigured account through the e-mailed link (SPEC §4). */
export const FinalisePayload = Schema.Struct({
  token: Schema.String.pipe(Schema.minLength(1, { message: () => "required" }), Schema.maxLength(200)),
  firstname: Required,
  lastname: Required,
  password: Password,
})

export const SignupFields = Schema.Struct({
  email: Email,
  password: Password,
  firstname: Required,
  lastname: Required,
})

/** Legacy v1 shapes (SPEC §7). */
export const LegacyAuthPayload = Schema.Struct({
  user: Schema.Struct({ email: Email, password: PasswordInput }),
})
export const LegacyAuthResponse = Schema.Struct({ jwt: Schema.String, id: UserId })
export const LegacySignupPayload = Schema.Struct({ newUser: SignupFields })
export const LegacySignupResponse = Schema.Struct({
  jwt: Schema.String,
  id: UserId,
  refreshToken: Schema.String,
})

export const Health = Schema.Struct({
  status: Schema.Literal("ok"),
  db: Schema.Literal("pglite", "postgres"),
})
