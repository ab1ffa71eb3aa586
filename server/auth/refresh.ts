import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Unauthorized } from "../../src/schema/errors"
import { decodeFirst, decodeSingle, IdRow } from "../db/decode"
import { DirectSql } from "../db/direct"
import { retriedTransaction } from "../db/retry"
import { partialFake } from "../lib/fake"
import { hashSecret, randomToken } from "./secrets"
import { UserRow } from "./userRows"

/** How long an unused refresh token stays valid: long with "remember me", a working day without. */
const lifetime = (rememberMe: boolean) => (rememberMe ? "30 days" : "12 hours")

export interface Session {
  readonly sessionId: string
  readonly token: string
}

/** A session's state, and while it stands, its account's row (read in the same statement). */
export type SessionState =
  | { readonly state: "live"; readonly user: UserRow }
  | { readonly state: "revoked" }
  | { readonly state: "noAccount" }

const FamilyRef = Schema.Struct({ family_id: Schema.String })
const Family = Schema.Struct({ user_id: Schema.String, remember_me: Schema.Boolean })
const LiveUser = Schema.Struct({ ...UserRow.fields, live: Schema.Boolean })
// Run directly (`DirectSql`): every authenticated request runs it.
const sessionStatement = `SELECT f.revoked_at IS NULL AS live, u.* FROM refresh_families f
  JOIN users u ON u.id = f.user_id WHERE f.id = $1 AND f.user_id = $2`
const revoked: SessionState = { state: "revoked" }
const noAccount: SessionState = { state: "noAccount" }

/**
 * Opaque refresh tokens in families: each use marks the token used and issues the next one of
 * the same family. Presenting a used token means it leaked, so the whole family is revoked.
 */
export class RefreshTokens extends Effect.Service<RefreshTokens>()("RefreshTokens", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const direct = yield* DirectSql
    const insertToken = (familyId: string, rememberMe: boolean) => {
      const token = randomToken()
      return sql`INSERT INTO refresh_tokens (token_hash, family_id, expires_at)
        VALUES (${hashSecret(token)}, ${familyId}, now() + ${lifetime(rememberMe)}::interval)`.pipe(
        Effect.orDie,
        Effect.as(token),
      )
    }
    const revokeFamily = (familyId: string) =>
      sql`UPDATE refresh_families SET revoked_at = now() WHERE id = ${familyId} AND revoked_at IS NULL`.pipe(
        Effect.orDie,
      )
    const invalid = Unauthorized.of("refreshInvalid")
    // Spans made once, here: a span made per call captures a stack trace each time, and
    // `sessionState` runs on every authenticated request.
    const span = {
      issue: Effect.withSpan("RefreshTokens.issue"),
      rotate: Effect.withSpan("RefreshTokens.rotate"),
      revoke: Effect.withSpan("RefreshTokens.revoke"),
      revokeAll: Effect.withSpan("RefreshTokens.revokeAll"),
      sessionState: Effect.withSpan("RefreshTokens.sessionState"),
    }
    const liveUser = decodeFirst(LiveUser)

    const claim = (token: string) =>
      Effect.gen(function* () {
        const hash = hashSecret(token)
        // One atomic update claims the token, so two instances can never both rotate it.
        const claimed = yield* sql`UPDATE refresh_tokens SET used_at = now()
          WHERE token_hash = ${hash} AND used_at IS NULL AND expires_at > now() RETURNING family_id`.pipe(
          decodeFirst(FamilyRef),
        )
        if (!claimed) {
          const reused = yield* sql`SELECT family_id FROM refresh_tokens
            WHERE token_hash = ${hash} AND used_at IS NOT NULL`.pipe(decodeFirst(FamilyRef))
          if (reused) yield* revokeFamily(reused.family_id)
          return undefined
        }
        const family = yield* sql`SELECT user_id, remember_me
          FROM refresh_families WHERE id = ${claimed.family_id} AND revoked_at IS NULL`.pipe(
          decodeFirst(Family),
        )
        if (!family) return undefined
        const next = yield* insertToken(claimed.family_id, family.remember_me)
        return { userId: family.user_id, sessionId: claimed.family_id, token: next }
      })

    return {
      /** A new session (refresh family) and its first refresh token. */
      issue: (userId: string, rememberMe: boolean): Effect.Effect<Session> =>
        sql`INSERT INTO refresh_families (user_id, remember_me)
          VALUES (${userId}, ${rememberMe}) RETURNING id`.pipe(
          decodeSingle(IdRow),
          Effect.flatMap((family) =>
            Effect.map(insertToken(family.id, rememberMe), (token) => ({ sessionId: family.id, token })),
          ),
          retriedTransaction(sql),
          Effect.orDie,
          span.issue,
        ),
      rotate: (token: string) =>
        claim(token).pipe(
          Effect.flatMap((r) => (r ? Effect.succeed(r) : Effect.fail(invalid))),
          span.rotate,
        ),
      revoke: (token: string) =>
        sql`UPDATE refresh_families SET revoked_at = now()
          WHERE id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ${hashSecret(token)}) AND revoked_at IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
          span.revoke,
        ),
      /** Every session of the account ends: its refresh tokens and the access tokens issued to them. */
      revokeAll: (userId: string) =>
        sql`UPDATE refresh_families SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
          span.revokeAll,
        ),
      /**
       * Checked on every authenticated request: `live` (with the account's row, read in the same
       * statement: the request needs no second one to know who is calling), `revoked` (logout,
       * reset, proof of the address, reuse of a refresh token) or `noAccount` (the account was
       * removed). Families are deleted only with their account (ON DELETE CASCADE): no row means
       * it is gone.
       */
      sessionState: (sessionId: string, userId: string) =>
        direct.rows(sessionStatement, [sessionId, userId]).pipe(
          liveUser,
          Effect.map((row): SessionState => {
            if (row === undefined) return noAccount
            if (!row.live) return revoked
            const { live: _, ...user } = row
            return { state: "live", user }
          }),
          span.sessionState,
        ),
    }
  }),
}) {
  /** A test layer: the members given, any other dies when called. */
  static readonly Test = (members: Partial<RefreshTokens>) => partialFake(RefreshTokens, members)
}
