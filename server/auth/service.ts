import { Context, Effect, Layer } from "effect"
import { BadRequest, Conflict, Unauthorized } from "../../src/schema/errors"
import { UserId } from "../../src/schema/ids"
import { Config } from "../config"
import { Mailer } from "../mail/mailer"
import { loginCodeMail, resetPasswordMail } from "../mail/texts"
import { AccessTokens } from "./jwt"
import { OneTimeSecrets } from "./oneTime"
import { hashPassword, verifyPassword } from "./passwords"
import { RefreshTokens } from "./refresh"
import { randomLoginCode, randomToken } from "./secrets"
import { Throttle } from "./throttle"
import { type UserRow, Users } from "./users"

/** Failed attempts allowed per 15 minutes, per account and per client address. */
export const limits = { account: 10, address: 50, codePerAddress: 10, mailsPerAccount: 5 } as const

export interface SignedIn {
  readonly userId: UserId
  readonly token: string
  readonly refreshToken: string
}

export interface Signup {
  readonly email: string
  readonly password: string
  readonly firstname: string
  readonly lastname: string
}

export const makeAuth = Effect.gen(function* () {
  const config = yield* Config
  const users = yield* Users
  const access = yield* AccessTokens
  const refresh = yield* RefreshTokens
  const throttle = yield* Throttle
  const secrets = yield* OneTimeSecrets
  const mailer = yield* Mailer

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
      yield* throttle.check([
        { key: accountKey, limit: limits.account },
        { key: addressKey, limit: limits.address },
      ])
      const user = yield* users.byEmail(email)
      const ok = yield* verifyPassword(user?.password_hash ?? null, password)
      if (!user || !ok) {
        yield* throttle.record([accountKey, addressKey])
        return yield* Effect.fail(Unauthorized.of("invalidCredentials"))
      }
      yield* throttle.clear(accountKey)
      return yield* signIn(user.id, rememberMe)
    })

  /** Mails go out only for existing accounts, but the caller sees the same answer either way. */
  const mailToAccount = (
    kind: string,
    email: string,
    address: string,
    send: (user: UserRow) => Effect.Effect<void>,
  ) =>
    Effect.gen(function* () {
      const accountKey = `${kind}-account:${email}`
      const addressKey = `${kind}-address:${address}`
      yield* throttle.check([
        { key: accountKey, limit: limits.mailsPerAccount },
        { key: addressKey, limit: limits.address },
      ])
      yield* throttle.record([accountKey, addressKey])
      const user = yield* users.byEmail(email)
      if (user) yield* send(user)
    })

  const link = (path: string, params: Record<string, string>) =>
    `${config.publicUrl}${path}?${new URLSearchParams(params)}`

  return {
    login,
    signIn,
    signup: (s: Signup) =>
      Effect.gen(function* () {
        const passwordHash = yield* hashPassword(s.password)
        const user = yield* users.create({ ...s, passwordHash })
        if (!user) return yield* Effect.fail(Conflict.of("emailTaken"))
        return yield* signIn(user.id, false)
      }),
    askLoginCode: (email: string, address: string) =>
      mailToAccount("code-mail", email, address, (user) => {
        const code = randomLoginCode()
        const url = link("/loginCode", { code })
        return secrets
          .storeLoginCode(user.id, code)
          .pipe(Effect.zipRight(mailer.send({ to: user.email, link: url, ...loginCodeMail(code, url) })))
      }),
    loginCode: (code: string, address: string) =>
      Effect.gen(function* () {
        const addressKey = `code-address:${address}`
        yield* throttle.check([{ key: addressKey, limit: limits.codePerAddress }])
        const userId = yield* secrets.useLoginCode(code)
        if (!userId) {
          yield* throttle.record([addressKey])
          return yield* Effect.fail(Unauthorized.of("invalidLoginCode"))
        }
        return yield* signIn(userId, false)
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
    askResetPassword: (email: string, address: string) =>
      mailToAccount("reset-mail", email, address, (user) => {
        const token = randomToken()
        const url = link("/resetPassword", { email: user.email, token })
        return secrets
          .storeResetToken(user.id, token)
          .pipe(Effect.zipRight(mailer.send({ to: user.email, link: url, ...resetPasswordMail(url) })))
      }),
    resetPassword: (email: string, token: string, password: string, address: string) =>
      Effect.gen(function* () {
        const addressKey = `reset-address:${address}`
        yield* throttle.check([{ key: addressKey, limit: limits.codePerAddress }])
        const userId = yield* secrets.useResetToken(email, token)
        if (!userId) {
          yield* throttle.record([addressKey])
          return yield* Effect.fail(BadRequest.of("invalidResetToken"))
        }
        yield* users.setPassword(userId, yield* hashPassword(password))
        yield* refresh.revokeAll(userId)
        yield* throttle.clear(`signin-account:${email}`)
      }),
  }
})

type AuthService = Effect.Effect.Success<typeof makeAuth>

/** The sign-in, sign-up, login-code and reset flows over the repositories above. */
export class Auth extends Context.Tag("Auth")<Auth, AuthService>() {}

export const AuthLive = Layer.effect(Auth, makeAuth)
