import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { hashSecret } from "./secrets"

/** Single-use secrets sent by e-mail: login codes (15 min) and password reset tokens (1 h). */
export class OneTimeSecrets extends Context.Tag("OneTimeSecrets")<
  OneTimeSecrets,
  {
    readonly storeLoginCode: (userId: string, code: string) => Effect.Effect<void>
    /** The owner of a valid code, which is used up by this call. */
    readonly useLoginCode: (code: string) => Effect.Effect<string | undefined>
    /** Every outstanding login code of the user is used up (their password was just reset). */
    readonly voidLoginCodes: (userId: string) => Effect.Effect<void>
    readonly storeResetToken: (userId: string, token: string) => Effect.Effect<void>
    /** The owner of a valid token for this e-mail; every reset token of theirs is used up. */
    readonly useResetToken: (email: string, token: string) => Effect.Effect<string | undefined>
  }
>() {}

export const OneTimeSecretsLive = Layer.effect(
  OneTimeSecrets,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return {
      storeLoginCode: (userId, code) =>
        sql`INSERT INTO login_codes (code_hash, user_id, expires_at)
          VALUES (${hashSecret(code)}, ${userId}, now() + interval '15 minutes')`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      useLoginCode: (code) =>
        sql<{ user_id: string }>`UPDATE login_codes SET used_at = now()
          WHERE code_hash = ${hashSecret(code)} AND used_at IS NULL AND expires_at > now() RETURNING user_id`.pipe(
          Effect.map((rows) => rows[0]?.user_id),
          Effect.orDie,
        ),
      voidLoginCodes: (userId) =>
        sql`UPDATE login_codes SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      storeResetToken: (userId, token) =>
        sql`INSERT INTO reset_tokens (token_hash, user_id, expires_at)
          VALUES (${hashSecret(token)}, ${userId}, now() + interval '1 hour')`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      useResetToken: (email, token) =>
        Effect.gen(function* () {
          const claimed = yield* sql<{
            user_id: string
          }>`UPDATE reset_tokens r SET used_at = now() FROM users u
            WHERE r.token_hash = ${hashSecret(token)} AND r.user_id = u.id AND u.email = ${email}
              AND r.used_at IS NULL AND r.expires_at > now() RETURNING r.user_id`
          const userId = claimed[0]?.user_id
          if (userId)
            yield* sql`UPDATE reset_tokens SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`
          return userId
        }).pipe(Effect.orDie),
    }
  }),
)
