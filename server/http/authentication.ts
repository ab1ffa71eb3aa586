import { Effect, Layer, Redacted } from "effect"
import { Unauthorized } from "../../src/schema/errors"
import { Authentication } from "../../src/schema/middleware"
import { AccessTokens } from "../auth/jwt"

/** Reads `Authorization: JWT <token>` (SPEC §6); `Bearer` is accepted too for partners' tools. */
export const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const tokens = yield* AccessTokens
    return {
      jwt: (header) => {
        const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(Redacted.value(header))
        if (!match) return Effect.fail(Unauthorized.of("tokenInvalid"))
        return Effect.map(tokens.verify(match[1]), (id) => ({ id }))
      },
    }
  }),
)
