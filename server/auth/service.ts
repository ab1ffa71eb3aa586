import { Context, Effect, Layer } from "effect"
import { Conflict, Unauthorized } from "../../src/schema/errors"
import { UserId } from "../../src/schema/ids"
import { AccessTokens } from "./jwt"
import { hashPassword, verifyPassword } from "./passwords"
import { RefreshTokens } from "./refresh"
import { Throttle } from "./throttle"
import { Users } from "./users"

/** Attempts allowed per 15 minutes (failures for sign-in and codes), per account and per client address. */
export const limits = {
  account: 10,
  address: 50,
  codePerAddress: 10,
  mailsPerAccount: 5,
  signupsPerAddress: 20,
} as const

export interface Signup {
  readonly email: string
  readonly password: string
  readonly firstname: string
  readonly lastname: string
}

export const makeAuth = Effect.gen(function* () {
  const users = yield* Users
  const access = yield* AccessTokens
  const refresh = yield* RefreshTokens
  const throttle = yield* Throttle

  const signIn = (userId: string, rememberMe: boolean) =>
    Effect.all({
      userId: Effect.succeed(UserId.make(userId)),
      token: access.sign(UserId.make(userId)),
      refreshToken: refresh.issue(userId, rememberMe),
    })

  const login = (email: string, password: string, rememberMe: boolean, address: string) =>
    Effect.gen(function* () {
      const accountKey = `signin-account:${email}`
      const addressKey = `signin-address:${address}`
      // Counted before the password is checked, so parallel guesses cannot outrun the limit; a success is forgotten.
      const attempt = yield* throttle.attempt([
        { key: accountKey, limit: limits.account },
        { key: addressKey, limit: limits.address },
      ])
      const user = yield* users.byEmail(email)
      const ok = yield* verifyPassword(user?.password_hash ?? null, password)
      if (!user || !ok) return yield* Effect.fail(Unauthorized.of("invalidCredentials"))
      yield* attempt.forget
      yield* throttle.clear(accountKey)
      return yield* signIn(user.id, rememberMe)
    })

  return {
    login,
    signIn,
    signup: (s: Signup, address: string) =>
      Effect.gen(function* () {
        // Each sign-up costs a password hash: an address cannot create accounts in bulk.
        const addressKey = `signup-address:${address}`
        yield* throttle.attempt([{ key: addressKey, limit: limits.signupsPerAddress }])
        const passwordHash = yield* hashPassword(s.password)
        const user = yield* users.create({ ...s, passwordHash })
        if (!user) return yield* Effect.fail(Conflict.of("emailTaken"))
        return yield* signIn(user.id, false)
      }),
    refresh: (token: string) =>
      refresh.rotate(token).pipe(
        Effect.flatMap(({ userId, token }) =>
          Effect.map(access.sign(UserId.make(userId)), (accessToken) => ({
            token: accessToken,
            refreshToken: token,
          })),
        ),
      ),
    logout: (token: string | undefined) => (token ? refresh.revoke(token) : Effect.void),
  }
})

type AuthService = Effect.Effect.Success<typeof makeAuth>

/** Password sign-in, sign-up, refresh and logout over the repositories above. */
export class Auth extends Context.Tag("Auth")<Auth, AuthService>() {}

export const AuthLive = Layer.effect(Auth, makeAuth)
