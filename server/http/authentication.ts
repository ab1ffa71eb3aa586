import { Effect, Layer, Redacted } from "effect"
import { Unauthorized } from "../../src/schema/errors"
import { Authentication } from "../../src/schema/middleware"
import { AccessTokens } from "../auth/jwt"
import { RefreshTokens } from "../auth/refresh"

/**
 * Reads `Authorization: JWT <token>` (SPEC §6); `Bearer` is accepted too for partners' tools.
 * Every request also checks that the token's session still stands: a revoked session answers
 * like an expired token (the client refreshes, which a revoked session refuses, and signs out),
 * and a token whose account is gone is invalid. Its two steps carry their own spans.
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
          const state = yield* sessions.sessionState(claims.sessionId, claims.userId)
          if (state === "noAccount") return yield* Effect.fail(Unauthorized.of("tokenInvalid"))
          if (state === "revoked") return yield* Effect.fail(Unauthorized.of("tokenExpired"))
          return { id: claims.userId }
        })
      },
    }
  }),
).pipe(Layer.provide([AccessTokens.Default, RefreshTokens.Default]))
