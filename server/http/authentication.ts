import { Effect, Layer, Redacted } from "effect"
import { Unauthorized } from "../../src/schema/errors"
import type { UserId } from "../../src/schema/ids"
import { Authentication, type CurrentUser } from "../../src/schema/middleware"
import { AccessTokens } from "../auth/jwt"
import { RefreshTokens } from "../auth/refresh"
import type { UserRow } from "../auth/users"

/**
 * The caller as the middleware provides it: the contract's `CurrentUser` (its id) and its account's
 * row, read by the session check: a handler answering with the caller's profile reads it here.
 */
class Caller {
  constructor(
    readonly id: UserId,
    readonly row: UserRow,
  ) {}
}

/** The caller's row as the session check read it (undefined for a `CurrentUser` made elsewhere). */
export const callerRow = (current: CurrentUser["Type"]): UserRow | undefined =>
  current instanceof Caller ? current.row : undefined

/**
 * Reads `Authorization: JWT <token>` (SPEC §6); `Bearer` is accepted too for partners' tools.
 * Every request also checks that the token's session still stands: a revoked session answers
 * like an expired token (the client refreshes, which a revoked session refuses, and signs out),
 * and a token whose account is gone is invalid. Its two steps carry their own spans; the second
 * reads the account's row with the session, in one statement.
 */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    const sessions = yield* RefreshTokens
    return {
      jwt: (header) => {
        const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(Redacted.value(header))
        if (!match) return Effect.fail(Unauthorized.of("tokenInvalid"))
        return Effect.gen(function* () {
          const claims = yield* tokens.verify(match[1])
          const session = yield* sessions.sessionState(claims.sessionId, claims.userId)
          if (session.state === "noAccount") return yield* Effect.fail(Unauthorized.of("tokenInvalid"))
          if (session.state === "revoked") return yield* Effect.fail(Unauthorized.of("tokenExpired"))
          return new Caller(claims.userId, session.user)
        })
      },
    }
  }),
).pipe(Layer.provide([AccessTokens.Default, RefreshTokens.Default]))
