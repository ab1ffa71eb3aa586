import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { errors, jwtVerify, SignJWT } from "jose"
import { Unauthorized } from "../../src/schema/errors"
import { UserId } from "../../src/schema/ids"
import { Config } from "../config"
import { randomToken } from "./secrets"

/** Short-lived access tokens (HS256). The secret lives in the database so every instance shares it. */
export class AccessTokens extends Context.Tag("AccessTokens")<
  AccessTokens,
  {
    readonly sign: (userId: UserId) => Effect.Effect<string>
    readonly verify: (token: string) => Effect.Effect<UserId, Unauthorized>
  }
>() {}

const loadSecret = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`INSERT INTO server_keys (name, value) VALUES ('jwt', ${randomToken()}) ON CONFLICT (name) DO NOTHING`
  const rows = yield* sql<{ value: string }>`SELECT value FROM server_keys WHERE name = 'jwt'`
  return rows[0].value
}).pipe(Effect.orDie)

const isUserId = Schema.is(UserId)

export const AccessTokensLive = Layer.effect(
  AccessTokens,
  Effect.gen(function* () {
    const config = yield* Config
    const key = new TextEncoder().encode(config.jwtSecret ?? (yield* loadSecret))
    const ttl = config.accessTokenTtlSeconds
    return {
      sign: (userId) =>
        Effect.promise(() =>
          new SignJWT({})
            .setProtectedHeader({ alg: "HS256" })
            .setSubject(userId)
            .setIssuedAt()
            .setExpirationTime(`${ttl}s`)
            .sign(key),
        ),
      verify: (token) =>
        Effect.tryPromise({
          try: () => jwtVerify(token, key, { algorithms: ["HS256"] }),
          catch: (e) => Unauthorized.of(e instanceof errors.JWTExpired ? "tokenExpired" : "tokenInvalid"),
        }).pipe(
          Effect.flatMap(({ payload }) =>
            isUserId(payload.sub)
              ? Effect.succeed(payload.sub)
              : Effect.fail(Unauthorized.of("tokenInvalid")),
          ),
        ),
    }
  }),
)
