import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { createSigner, createVerifier, TokenError } from "fast-jwt"
import { Unauthorized } from "../../src/schema/errors"
import { UserId } from "../../src/schema/ids"
import { Config } from "../config"
import { decodeSingle } from "../db/decode"
import { partialFake } from "../lib/fake"
import { randomToken } from "./secrets"

/** What a valid access token says: whose it is and which session (refresh family) it belongs to. */
export interface AccessClaims {
  readonly userId: UserId
  readonly sessionId: string
}

const Key = Schema.Struct({ value: Schema.String })

const loadSecret = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO server_keys (name, value) VALUES ('jwt', ${randomToken()}) ON CONFLICT (name) DO NOTHING`.pipe(
    Effect.orDie,
  )
  const key = yield* sql`SELECT value FROM server_keys WHERE name = 'jwt'`.pipe(decodeSingle(Key))
  return key.value
})

// The claims a token of ours carries; the verifier checks `exp`'s and `nbf`'s type, this `iat`'s.
const isClaims = Schema.is(Schema.Struct({ sub: UserId, sid: Schema.UUID, iat: Schema.Number }))
const invalid = Unauthorized.of("tokenInvalid")

/**
 * Short-lived access tokens (HS256). The secret lives in the database so every instance shares
 * it. Each token names its session (`sid`, the refresh family), so revoking a session revokes
 * the access tokens issued to it (checked on every request by the Authentication middleware).
 */
export class AccessTokens extends Effect.Service<AccessTokens>()("AccessTokens", {
  effect: Effect.gen(function* () {
    const config = yield* Config
    const secret = Buffer.from(config.jwtSecret ?? (yield* loadSecret))
    const ttl = config.accessTokenTtlSeconds
    // Synchronous HMAC (node:crypto): WebCrypto's asynchronous check cost a request more than the
    // check itself. HS256 only; a token without an expiry, an issue time or a subject is refused;
    // `exp` and `nbf` are enforced without tolerance; a `crit` header names nothing we support.
    const signToken = createSigner({ key: secret, algorithm: "HS256", expiresIn: ttl * 1000 })
    const verifyToken = createVerifier({
      key: secret,
      algorithms: ["HS256"],
      requiredClaims: ["exp", "iat", "sub"],
      cache: false,
    })
    // Spans made once, where the service is built: a span made per call captures a stack trace each time.
    const signSpan = Effect.withSpan("AccessTokens.sign")
    const verifySpan = Effect.withSpan("AccessTokens.verify")
    return {
      sign: (userId: UserId, sessionId: string): Effect.Effect<string> =>
        Effect.sync(() => signToken({ sid: sessionId, sub: userId })).pipe(signSpan),
      verify: (token: string): Effect.Effect<AccessClaims, Unauthorized> =>
        Effect.try({
          try: (): Record<string, unknown> => verifyToken(token),
          catch: (e) =>
            Unauthorized.of(
              e instanceof TokenError && e.code === TokenError.codes.expired
                ? "tokenExpired"
                : "tokenInvalid",
            ),
        }).pipe(
          Effect.flatMap((payload) => {
            if (isClaims(payload)) return Effect.succeed({ userId: payload.sub, sessionId: payload.sid })
            // Signed before sessions were named in tokens, and still within its expiry: the client
            // refreshes (as for an expired token) and gets a token that names its session.
            if (payload.sid === undefined && Schema.is(UserId)(payload.sub))
              return Effect.fail(Unauthorized.of("tokenExpired"))
            return Effect.fail(invalid)
          }),
          verifySpan,
        ),
    }
  }),
}) {
  /** A test layer: the members given, any other dies when called. */
  static readonly Test = (members: Partial<AccessTokens>) => partialFake(AccessTokens, members)
}
