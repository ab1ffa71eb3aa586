import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { Unauthorized } from "../../src/schema/errors"
import { hashSecret, randomToken } from "./secrets"

/** How long an unused refresh token stays valid: long with "remember me", a working day without. */
const lifetime = (rememberMe: boolean) => (rememberMe ? "30 days" : "12 hours")

/**
 * Opaque refresh tokens in families: each use marks the token used and issues the next one of
 * the same family. Presenting a used token means it leaked, so the whole family is revoked.
 */
export class RefreshTokens extends Context.Tag("RefreshTokens")<
  RefreshTokens,
  {
    readonly issue: (userId: string, rememberMe: boolean) => Effect.Effect<string>
    readonly rotate: (token: string) => Effect.Effect<{ userId: string; token: string }, Unauthorized>
    readonly revoke: (token: string) => Effect.Effect<void>
    readonly revokeAll: (userId: string) => Effect.Effect<void>
  }
>() {}

export const RefreshTokensLive = Layer.effect(
  RefreshTokens,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const insertToken = (familyId: string, rememberMe: boolean) => {
      const token = randomToken()
      return sql`INSERT INTO refresh_tokens (token_hash, family_id, expires_at)
        VALUES (${hashSecret(token)}, ${familyId}, now() + ${lifetime(rememberMe)}::interval)`.pipe(
        Effect.as(token),
      )
    }
    const revokeFamily = (familyId: string) =>
      sql`UPDATE refresh_families SET revoked_at = now() WHERE id = ${familyId} AND revoked_at IS NULL`
    const invalid = Unauthorized.of("refreshInvalid")

    const rotate = (token: string) =>
      Effect.gen(function* () {
        const hash = hashSecret(token)
        // One atomic update claims the token, so two instances can never both rotate it.
        const claimed = yield* sql<{ family_id: string }>`UPDATE refresh_tokens SET used_at = now()
          WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > now() RETURNING family_id`
        if (claimed.length === 0) {
          const [reused] = yield* sql<{ family_id: string }>`SELECT family_id FROM refresh_tokens
            WHERE token_hash = ${hash} AND used_at IS NOT NULL`
          if (reused) yield* revokeFamily(reused.family_id)
          return undefined
        }
        const [family] = yield* sql<{ user_id: string; remember_me: boolean }>`SELECT user_id, remember_me
          FROM refresh_families WHERE id = ${claimed[0].family_id} AND revoked_at IS NULL`
        if (!family) return undefined
        const next = yield* insertToken(claimed[0].family_id, family.remember_me)
        return { userId: family.user_id, token: next }
      }).pipe(
        Effect.orDie,
        Effect.flatMap((r) => (r ? Effect.succeed(r) : Effect.fail(invalid))),
      )

    return {
      issue: (userId, rememberMe) =>
        sql<{ id: string }>`INSERT INTO refresh_families (user_id, remember_me)
          VALUES (${userId}, ${rememberMe}) RETURNING id`.pipe(
          Effect.flatMap(([family]) => insertToken(family.id, rememberMe)),
          sql.withTransaction,
          Effect.orDie,
        ),
      rotate,
      revoke: (token) =>
        sql`UPDATE refresh_families SET revoked_at = now()
          WHERE id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hashSecret(token)}) AND revoked_at IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      revokeAll: (userId) =>
        sql`UPDATE refresh_families SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
    }
  }),
)
