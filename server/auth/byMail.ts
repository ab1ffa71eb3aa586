import { Effect } from "effect"
import { BadRequest, Unauthorized } from "../../src/schema/errors"
import { Config } from "../config"
import { Mailer } from "../mail/mailer"
import { loginCodeMail, resetPasswordMail } from "../mail/texts"
import { AddressProof } from "./addressProof"
import { OneTimeSecrets } from "./oneTime"
import { hashPassword } from "./passwords"
import { RefreshTokens } from "./refresh"
import { randomLoginCode, randomToken } from "./secrets"
import { Auth, limits } from "./service"
import { Throttle } from "./throttle"
import { type UserRow, Users } from "./users"

/** The flows that go through an e-mailed secret: login codes and password reset. */
export class MailAuth extends Effect.Service<MailAuth>()("MailAuth", {
  effect: Effect.gen(function* () {
    const config = yield* Config
    const users = yield* Users
    const auth = yield* Auth
    const refresh = yield* RefreshTokens
    const throttle = yield* Throttle
    const secrets = yield* OneTimeSecrets
    const mailer = yield* Mailer
    const proof = yield* AddressProof

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
        yield* throttle.attempt([
          { key: accountKey, limit: limits.mailsPerAccount },
          { key: addressKey, limit: limits.address },
        ])
        const user = yield* users.byEmail(email)
        if (user) yield* send(user)
      })

    const link = (path: string, params: Record<string, string>) =>
      `${config.publicUrl}${path}?${new URLSearchParams(params)}`

    return {
      askLoginCode: (email: string, address: string) =>
        mailToAccount("code-mail", email, address, (user) => {
          // An unconfigured account signs in only once finalised (through its link or a password reset).
          if (user.status !== "finalised") return Effect.void
          const code = randomLoginCode()
          const url = link("/loginCode", { code })
          return secrets
            .storeLoginCode(user.id, code)
            .pipe(
              Effect.zipRight(
                mailer.send({ to: user.email, link: url, ...loginCodeMail(code, url, user.language) }),
              ),
            )
        }).pipe(Effect.withSpan("MailAuth.askLoginCode")),
      loginCode: Effect.fn("MailAuth.loginCode")(function* (code: string, address: string) {
        const addressKey = `code-address:${address}`
        const attempt = yield* throttle.attempt([{ key: addressKey, limit: limits.codePerAddress }])
        const userId = yield* secrets.useLoginCode(code)
        if (!userId) return yield* Effect.fail(Unauthorized.of("invalidLoginCode"))
        yield* attempt.forget
        // The code reached the address: it is the person's (ADMIN_EMAILS relies on this). If this is
        // its first proof, the password and sessions of the sign-up may be someone else's: voided.
        yield* proof.proveFromOutside(userId)
        return yield* auth.signIn(userId, false)
      }),
      askResetPassword: (email: string, address: string) =>
        mailToAccount("reset-mail", email, address, (user) => {
          const token = randomToken()
          const url = link("/resetPassword", { email: user.email, token })
          return secrets
            .storeResetToken(user.id, token)
            .pipe(
              Effect.zipRight(
                mailer.send({ to: user.email, link: url, ...resetPasswordMail(url, user.language) }),
              ),
            )
        }).pipe(Effect.withSpan("MailAuth.askResetPassword")),
      resetPassword: Effect.fn("MailAuth.resetPassword")(function* (
        email: string,
        token: string,
        password: string,
        address: string,
      ) {
        const addressKey = `reset-address:${address}`
        const attempt = yield* throttle.attempt([{ key: addressKey, limit: limits.codePerAddress }])
        const userId = yield* secrets.useResetToken(email, token)
        if (!userId) return yield* Effect.fail(BadRequest.of("invalidResetToken"))
        yield* attempt.forget
        // Also finalises an unconfigured account (SPEC §4): the reset proves the address is theirs,
        // and every session ends (their access tokens with them), whoever had opened them.
        yield* users.setPassword(userId, yield* hashPassword(password))
        yield* refresh.revokeAll(userId)
        // A code mailed before the reset may be what the reset is shutting out.
        yield* secrets.voidLoginCodes(userId)
        yield* throttle.clear(`signin-account:${email}`)
      }),
    }
  }),
  dependencies: [
    Users.Default,
    Auth.Default,
    RefreshTokens.Default,
    Throttle.Default,
    OneTimeSecrets.Default,
    AddressProof.Default,
  ],
}) {}
