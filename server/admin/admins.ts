import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Forbidden } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { Config } from "../config"
import { decodeFirst } from "../db/decode"

const Standing = Schema.Struct({ is_admin: Schema.Boolean, email: Schema.String, verified: Schema.Boolean })

/**
 * Platform administrators (SPEC §2 /admin): users.is_admin, or an e-mail listed in ADMIN_EMAILS
 * whose owner proved it (email_verified_at: a login code used, a password reset done, an account
 * finalised through its link) — such an account is promoted (and the flag persisted) at start (when
 * this service is built) and whenever it is checked. Signing up with a listed address proves
 * nothing and promotes no one.
 */
export class Admins extends Effect.Service<Admins>()("Admins", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const { adminEmails } = yield* Config
    const listed = adminEmails.map((e) => e.toLowerCase())
    /** Persists is_admin for every account whose e-mail ADMIN_EMAILS lists and whose owner proved it. */
    const promoteListed =
      listed.length === 0
        ? Effect.void
        : sql`UPDATE users SET is_admin = true
            WHERE lower(email) IN ${sql.in(listed)} AND email_verified_at IS NOT NULL AND NOT is_admin`.pipe(
            Effect.asVoid,
            Effect.orDie,
            Effect.withSpan("Admins.promoteListed"),
          )
    yield* promoteListed
    return {
      /** The e-mails ADMIN_EMAILS lists, lower-cased. */
      listed,
      promoteListed,
      /** The caller when a platform administrator; Forbidden otherwise. */
      require: Effect.gen(function* () {
        const { id } = yield* CurrentUser
        const me = yield* sql`SELECT is_admin, email,
            email_verified_at IS NOT NULL AS verified FROM users WHERE id = ${id}`.pipe(decodeFirst(Standing))
        if (!me) return yield* Effect.fail(Forbidden.of())
        if (me.is_admin) return
        if (!me.verified || !listed.includes(me.email.toLowerCase()))
          return yield* Effect.fail(Forbidden.of())
        yield* sql`UPDATE users SET is_admin = true WHERE id = ${id}`.pipe(Effect.orDie)
      }).pipe(Effect.withSpan("Admins.require")),
    }
  }),
}) {}
