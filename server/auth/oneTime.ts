import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { decodeAll, decodeFirst } from "../db/decode"
import { hashSecret } from "./secrets"

const Owner = Schema.Struct({ user_id: Schema.String })

/** Single-use secrets sent by e-mail: login codes (15 min) and password reset tokens (1 h). */
export class OneTimeSecrets extends Effect.Service<OneTimeSecrets>()("OneTimeSecrets", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return {
      storeLoginCode: (userId: string, code: string) =>
        sql`INSERT INTO login_codes (code_hash, user_id, expires_at)
          VALUES (${hashSecret(code)}, ${userId}, now() + interval '15 minutes')`.pipe(
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("OneTimeSecrets.storeLoginCode"),
        ),
      /** The owner of a valid code, which is used up by this call. */
      useLoginCode: (code: string) =>
        sql`UPDATE login_codes SET used_at = now()
          WHERE code_hash = ${hashSecret(code)} AND used_at IS NULL AND expires_at > now() RETURNING user_id`.pipe(
          decodeFirst(Owner),
          Effect.map((row) => row?.user_id),
          Effect.withSpan("OneTimeSecrets.useLoginCode"),
        ),
      /** Every outstanding login code of the user is used up (their password was just reset). */
      voidLoginCodes: (userId: string) =>
        sql`UPDATE login_codes SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("OneTimeSecrets.voidLoginCodes"),
        ),
      storeResetToken: (userId: string, token: string) =>
        sql`INSERT INTO reset_tokens (token_hash, user_id, expires_at)
          VALUES (${hashSecret(token)}, ${userId}, now() + interval '1 hour')`.pipe(
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("OneTimeSecrets.storeResetToken"),
        ),
      /** The owner of a valid token for this e-mail; every reset token of theirs is used up. */
      useResetToken: Effect.fn("OneTimeSecrets.useResetToken")(function* (email: string, token: string) {
        const claimed = yield* sql`UPDATE reset_tokens r SET used_at = now() FROM users u
            WHERE r.token_hash = ${hashSecret(token)} AND r.user_id = u.id AND u.email = ${email}
              AND r.used_at IS NULL AND r.expires_at > now() RETURNING r.user_id`.pipe(decodeAll(Owner))
        const userId = claimed[0]?.user_id
        if (userId)
          yield* sql`UPDATE reset_tokens SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`.pipe(
            Effect.orDie,
          )
        return userId
      }),
    }
  }),
}) {}
