import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { BadRequest, type TooManyRequests } from "../../src/schema/errors"
import { Config } from "../config"
import { decodeSingle } from "../db/decode"
import { partialFake } from "../lib/fake"
import { confirmEmailMail } from "../mail/confirmTexts"
import { Mailer } from "../mail/mailer"
import { limits } from "./limits"
import { hashSecret, randomLoginCode } from "./secrets"
import { Throttle } from "./throttle"
import { Users } from "./users"

const Proven = Schema.Struct({ proven: Schema.Number })

/**
 * Proving an address from inside the account: a code mailed to the address (at sign-up, and on
 * request), entered by someone signed in to the account. Holding both the session and the
 * mailbox shows the sign-up was the owner's, so the password and sessions stand. (A proof from
 * outside the account, a login code, voids them instead: `proveFromOutside`.)
 */
export class AddressProof extends Effect.Service<AddressProof>()("AddressProof", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* Config
    const users = yield* Users
    const throttle = yield* Throttle
    const mailer = yield* Mailer

    /** Mails a new code unless the address is already proven; at most a few per quarter hour. */
    const ask = (userId: string): Effect.Effect<void, TooManyRequests> =>
      Effect.gen(function* () {
        const user = yield* users.byId(userId)
        if (!user || user.email_verified_at !== null) return
        yield* throttle.attempt([{ key: `confirm-mail-account:${userId}`, limit: limits.mailsPerAccount }])
        const code = randomLoginCode()
        yield* sql`INSERT INTO email_confirmations (code_hash, user_id, expires_at)
          VALUES (${hashSecret(code)}, ${userId}, now() + interval '24 hours')`.pipe(Effect.orDie)
        const link = `${config.publicUrl}/me?${new URLSearchParams({ confirm: code })}`
        yield* mailer.send({ to: user.email, link, ...confirmEmailMail(code, link, user.language) })
      }).pipe(Effect.withSpan("AddressProof.ask"))

    /** Uses a code of this account's; a wrong one counts toward the account's limit. */
    const confirm = (userId: string, code: string): Effect.Effect<void, BadRequest | TooManyRequests> =>
      Effect.gen(function* () {
        const attempt = yield* throttle.attempt([
          { key: `confirm-account:${userId}`, limit: limits.codePerAddress },
        ])
        const used = yield* sql`UPDATE email_confirmations SET used_at = now()
          WHERE code_hash = ${hashSecret(code)} AND user_id = ${userId}
            AND used_at IS NULL AND expires_at > now() RETURNING user_id`.pipe(Effect.orDie)
        if (used.length === 0) return yield* Effect.fail(BadRequest.of("invalidConfirmationCode"))
        yield* attempt.forget
        yield* users.verifyEmail(userId)
      }).pipe(Effect.withSpan("AddressProof.confirm"))

    /**
     * The address was proven from outside the account (a login code used while signed out): if it
     * was the first proof, whatever the sign-up set up may be someone else's, so the password is
     * voided and every session revoked, in one statement. True when this was the first proof.
     */
    const proveFromOutside = (id: string): Effect.Effect<boolean> =>
      sql`WITH proven AS (
          UPDATE users SET email_verified_at = now(), password_hash = NULL
          WHERE id = ${id} AND email_verified_at IS NULL RETURNING id
        ), revoked AS (
          UPDATE refresh_families SET revoked_at = now()
          WHERE user_id IN (SELECT id FROM proven) AND revoked_at IS NULL RETURNING id
        )
        SELECT (SELECT count(*) FROM proven)::int AS proven`.pipe(
        decodeSingle(Proven),
        Effect.map((row) => row.proven > 0),
        Effect.withSpan("AddressProof.proveFromOutside"),
      )

    return { ask, confirm, proveFromOutside }
  }),
  dependencies: [Users.Default, Throttle.Default],
}) {
  /** A test layer: the members given, any other dies when called. */
  static readonly Test = (members: Partial<AddressProof>) => partialFake(AddressProof, members)
}
