import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { Unauthorized } from "../../src/schema/errors"
import { retriedTransaction } from "../db/retry"
import { hashSecret, randomToken } from "./secrets"

/** How long an unused refresh token stays valid: long with "remember me", a working day without. */
const lifetime = (rememberMe: boolean) => (rememberMe ? "30 days" : "12 hours")

export interface Session {
  readonly sessionId: string
  readonly token: string
}

export type SessionState = "live" | "revoked" | "noAccount"

/**
 * Opaque refresh tokens in families: each use marks the token used and issues the next one of
 * the same family. Presenting a used token means it leaked, so the whole family is revoked.
 */
export class RefreshTokens extends Context.Tag("RefreshTokens")<
  RefreshTokens,
  {
    /** A new session (refresh family) and its first refresh token. */
    readonly issue: (userId: string, rememberMe: boolean) => Effect.Effect<Session>
    readonly rotate: (token: string) => Effect.Effect<Session & { userId: string }, Unauthorized>
    readonly revoke: (token: string) => Effect.Effect<void>
    /** Every session of the account ends: its refresh tokens and the access tokens issued to them. */
    readonly revokeAll: (userId: string) => Effect.Effect<void>
    /**
     * Checked on every authenticated request: `live`, `revoked` (logout, reset, proof of the
     * address, reuse of a refresh token) or `noAccount` (the account was removed).
     */
    readonly sessionState: (sessionId: string, userId: string) => Effect.Effect<SessionState>
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
        return { userId: family.user_id, sessionId: claimed[0].family_id, token: next }
      }).pipe(
        Effect.orDie,
        Effect.flatMap((r) => (r ? Effect.succeed(r) : Effect.fail(invalid))),
      )

    return {
      issue: (userId, rememberMe) =>
        sql<{ id: string }>`INSERT INTO refresh_families (user_id, remember_me)
          VALUES (${userId}, ${rememberMe}) RETURNING id`.pipe(
          Effect.flatMap(([family]) =>
            Effect.map(insertToken(family.id, rememberMe), (token) => ({ sessionId: family.id, token })),
          ),
          retriedTransaction(sql),
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
      // Families are deleted only with their account (ON DELETE CASCADE): no row means it is gone.
      sessionState: (sessionId, userId) =>
        sql<{ live: boolean }>`SELECT revoked_at IS NULL AS live FROM refresh_families
          WHERE id = ${sessionId} AND user_id = ${userId}`.pipe(
          Effect.map(
            ([row]): SessionState => (row === undefined ? "noAccount" : row.live ? "live" : "revoked"),
          ),
          Effect.orDie,
        ),
    }
  }),
)
