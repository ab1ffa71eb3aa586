import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { errors, jwtVerify, SignJWT } from "jose"
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

const isClaims = Schema.is(Schema.Struct({ sub: UserId, sid: Schema.UUID }))
const invalid = Unauthorized.of("tokenInvalid")

/**
 * Short-lived access tokens (HS256). The secret lives in the database so every instance shares
 * it. Each token names its session (`sid`, the refresh family), so revoking a session revokes
 * the access tokens issued to it (checked on every request by the Authentication middleware).
 */
export class AccessTokens extends Effect.Service<AccessTokens>()("AccessTokens", {
  effect: Effect.gen(function* () {
    const config = yield* Config
    const secret = new TextEncoder().encode(config.jwtSecret ?? (yield* loadSecret))
    // Imported once: given the raw bytes, jose imports them again for every token it checks.
    const key = yield* Effect.promise(() =>
      crypto.subtle.importKey("raw", secret, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]),
    )
    const ttl = config.accessTokenTtlSeconds
    // Spans made once, where the service is built: a span made per call captures a stack trace each time.
    const signSpan = Effect.withSpan("AccessTokens.sign")
    const verifySpan = Effect.withSpan("AccessTokens.verify")
    return {
      sign: (userId: UserId, sessionId: string): Effect.Effect<string> =>
        Effect.promise(() =>
          new SignJWT({ sid: sessionId })
            .setProtectedHeader({ alg: "HS256" })
            .setSubject(userId)
            .setIssuedAt()
            .setExpirationTime(`${ttl}s`)
            .sign(key),
        ).pipe(signSpan),
      verify: (token: string): Effect.Effect<AccessClaims, Unauthorized> =>
        Effect.tryPromise({
          // A token without an expiry would live forever: one is required, as is its session.
          try: () => jwtVerify(token, key, { algorithms: ["HS256"], requiredClaims: ["exp", "iat", "sub"] }),
          catch: (e) => Unauthorized.of(e instanceof errors.JWTExpired ? "tokenExpired" : "tokenInvalid"),
        }).pipe(
          Effect.flatMap(({ payload }) => {
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
