import { Effect } from "effect"
import { Conflict, Unauthorized } from "../../src/schema/errors"
import { UserId } from "../../src/schema/ids"
import { Mailer } from "../mail/mailer"
import { AddressProof } from "./addressProof"
import { FinaliseTokens } from "./finaliseTokens"
import { AccessTokens } from "./jwt"
import { limits } from "./limits"
import { hashPassword, verifyPassword } from "./passwords"
import { RefreshTokens } from "./refresh"
import { Throttle } from "./throttle"
import { Users } from "./users"

export { limits } from "./limits"

export interface Signup {
  readonly email: string
  readonly password: string
  readonly firstname: string
  readonly lastname: string
}

/** Password sign-in, sign-up, refresh and logout over the repositories above. */
export class Auth extends Effect.Service<Auth>()("Auth", {
  effect: Effect.gen(function* () {
    const users = yield* Users
    const access = yield* AccessTokens
    const refresh = yield* RefreshTokens
    const throttle = yield* Throttle
    const finaliseTokens = yield* FinaliseTokens
    const mailer = yield* Mailer
    const proof = yield* AddressProof

    /**
     * Sign-up on the address of an invited, unconfigured account: a fresh finalisation link goes to
     * that address (at most a few per quarter hour), and the caller is told to follow it.
     */
    const pendingFinalisation = (userId: string, email: string) =>
      throttle.attempt([{ key: `finalise-mail-account:${email}`, limit: limits.mailsPerAccount }]).pipe(
        Effect.zipRight(Effect.flatMap(finaliseTokens.reissue(userId), mailer.send)),
        Effect.catchTag("TooManyRequests", () => Effect.void),
        Effect.zipRight(Effect.fail(Conflict.of("accountPendingFinalisation"))),
      )

    /** A new session: its refresh token, and an access token that names it. */
    const signIn = Effect.fn("Auth.signIn")(function* (userId: string, rememberMe: boolean) {
      const session = yield* refresh.issue(userId, rememberMe)
      const token = yield* access.sign(UserId.make(userId), session.sessionId)
      return { userId: UserId.make(userId), token, refreshToken: session.token }
    })

    const login = Effect.fn("Auth.login")(function* (
      email: string,
      password: string,
      rememberMe: boolean,
      address: string,
    ) {
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

    const signup = Effect.fn("Auth.signup")(function* (s: Signup, address: string) {
      // Each sign-up costs a password hash: an address cannot create accounts in bulk.
      const addressKey = `signup-address:${address}`
      yield* throttle.attempt([{ key: addressKey, limit: limits.signupsPerAddress }])
      const passwordHash = yield* hashPassword(s.password)
      const user = yield* users.create({ ...s, passwordHash })
      if (!user) {
        const taken = yield* users.byEmail(s.email)
        if (taken?.status === "unconfigured") return yield* pendingFinalisation(taken.id, taken.email)
        return yield* Effect.fail(Conflict.of("emailTaken"))
      }
      // Nothing hangs on this address until its owner proves it: the code is mailed at once.
      yield* proof.ask(user.id).pipe(Effect.catchTag("TooManyRequests", () => Effect.void))
      return yield* signIn(user.id, false)
    })

    return {
      login,
      signIn,
      signup,
      refresh: (token: string) =>
        refresh.rotate(token).pipe(
          Effect.flatMap(({ userId, sessionId, token }) =>
            Effect.map(access.sign(UserId.make(userId), sessionId), (accessToken) => ({
              token: accessToken,
              refreshToken: token,
            })),
          ),
          Effect.withSpan("Auth.refresh"),
        ),
      /** Ends this session: its refresh token and the access tokens issued to it stop working. */
      logout: (token: string | undefined) =>
        (token ? refresh.revoke(token) : Effect.void).pipe(Effect.withSpan("Auth.logout")),
      /** Ends every session of the account, on every device. */
      logoutEverywhere: (userId: string) =>
        refresh.revokeAll(userId).pipe(Effect.withSpan("Auth.logoutEverywhere")),
    }
  }),
  dependencies: [
    Users.Default,
    AccessTokens.Default,
    RefreshTokens.Default,
    Throttle.Default,
    FinaliseTokens.Default,
    AddressProof.Default,
  ],
}) {}
