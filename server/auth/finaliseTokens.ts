import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { ClusterId } from "../../src/schema/ids"
import type { FinaliseInfo } from "../../src/schema/membership"
import { Locale, userLabel } from "../../src/schema/user"
import { Config } from "../config"
import { decodeFirst, IdRow } from "../db/decode"
import { partialFake } from "../lib/fake"
import type { Mail } from "../mail/mailer"
import { finaliseMail } from "../mail/texts"
import { hashSecret, randomToken } from "./secrets"

/** SPEC §4: how long a finalisation link stays usable. */
export const finaliseLinkDays = 14

/** What a still-usable link finalises: the unconfigured account, and the invitation it came with. */
export interface FinaliseClaim {
  readonly userId: string
  readonly invitationId: string | null
}

const Text = Schema.NullOr(Schema.String)

/** A link with its account, and the open invitation it came with (structure, inviter) if any. */
const LinkRow = Schema.Struct({
  user_id: Schema.String,
  invitation_id: Text,
  email: Schema.String,
  language: Locale,
  cluster_id: Schema.NullOr(ClusterId),
  cluster_name: Text,
  by_id: Text,
  by_firstname: Text,
  by_lastname: Text,
  by_name: Text,
})

const Claimed = Schema.Struct({ user_id: Schema.String, invitation_id: Text })

export const finaliseLink = (publicUrl: string, token: string) =>
  `${publicUrl}/signup?${new URLSearchParams({ invitation: token })}`

/**
 * Account finalisation links: single use, 14 days, stored hashed. A link is usable only while
 * its account is still unconfigured. Everything runs in the caller's transaction when there is one.
 */
export class FinaliseTokens extends Effect.Service<FinaliseTokens>()("FinaliseTokens", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const config = yield* Config
    const facts = (where: Statement.Fragment) =>
      sql`
        SELECT t.user_id, t.invitation_id, u.email, u.language, c.id AS cluster_id, c.name AS cluster_name,
               b.id AS by_id, b.firstname AS by_firstname, b.lastname AS by_lastname,
               b.name AS by_name
        FROM finalise_tokens t
        JOIN users u ON u.id = t.user_id
        LEFT JOIN invitations i ON i.id = t.invitation_id AND i.status = 'sent'
        LEFT JOIN clusters c ON c.id = i.cluster_id
        LEFT JOIN users b ON b.id = i.invited_by
        WHERE ${where}`.pipe(decodeFirst(LinkRow))
    const usable = (hash: string) =>
      sql`t.token_hash = ${hash} AND t.used_at IS NULL AND t.expires_at > now() AND u.status = 'unconfigured'`
    /** Stores a fresh link for the account (its older unused links are used up) and returns the mail that carries it (sent by the caller after commit). */
    const issue = Effect.fn("FinaliseTokens.issue")(function* (userId: string, invitationId: string | null) {
      const token = randomToken()
      const hash = hashSecret(token)
      // Only the newest link works: the older unused ones are used up.
      yield* sql`UPDATE finalise_tokens SET used_at = now() WHERE user_id = ${userId} AND used_at IS NULL`.pipe(
        Effect.orDie,
      )
      yield* sql`INSERT INTO finalise_tokens (token_hash, user_id, invitation_id, expires_at)
          VALUES (${hash}, ${userId}, ${invitationId}, now() + ${`${finaliseLinkDays} days`}::interval)`.pipe(
        Effect.orDie,
      )
      const row = yield* facts(sql`t.token_hash = ${hash}`)
      const link = finaliseLink(config.publicUrl, token)
      const invitation =
        row?.cluster_name && row.by_id
          ? {
              clusterName: row.cluster_name,
              inviterLabel: userLabel({
                name: row.by_name,
                firstname: row.by_firstname ?? "",
                lastname: row.by_lastname ?? "",
              }),
            }
          : null
      const mail: Mail = {
        to: row?.email ?? "",
        link,
        ...finaliseMail(invitation, link, row?.language ?? "fr"),
      }
      return mail
    })
    return {
      issue,
      /** A fresh link for the account, tied to its newest open invitation if any (sign-up on a pending address). */
      reissue: (userId: string) =>
        sql`SELECT id FROM invitations WHERE user_id = ${userId} AND status = 'sent'
          ORDER BY created_at DESC LIMIT 1`.pipe(
          decodeFirst(IdRow),
          Effect.flatMap((row) => issue(userId, row?.id ?? null)),
          Effect.withSpan("FinaliseTokens.reissue"),
        ),
      /** What the link shows (the structure and inviter only while the invitation is open), or undefined when it cannot finalise anything (unknown, used, expired, finalised). */
      info: (token: string) =>
        facts(usable(hashSecret(token))).pipe(
          Effect.map(
            (row): FinaliseInfo | undefined =>
              row && {
                email: row.email,
                cluster:
                  row.cluster_id && row.cluster_name ? { id: row.cluster_id, name: row.cluster_name } : null,
                // The person finalising is not a member yet: the inviter's name only.
                invitedBy: row.by_id
                  ? { firstname: row.by_firstname ?? "", lastname: row.by_lastname ?? "", name: row.by_name }
                  : null,
              },
          ),
          Effect.withSpan("FinaliseTokens.info"),
        ),
      /** Uses the link up (with every other link of the account); undefined when it could not finalise anything. */
      use: Effect.fn("FinaliseTokens.use")(function* (token: string) {
        const claimed = yield* sql`
            UPDATE finalise_tokens t SET used_at = now() FROM users u
            WHERE ${usable(hashSecret(token))} AND u.id = t.user_id
            RETURNING t.user_id, t.invitation_id`.pipe(decodeFirst(Claimed))
        if (!claimed) return undefined
        yield* sql`UPDATE finalise_tokens SET used_at = now() WHERE user_id = ${claimed.user_id} AND used_at IS NULL`.pipe(
          Effect.orDie,
        )
        const claim: FinaliseClaim = { userId: claimed.user_id, invitationId: claimed.invitation_id }
        return claim
      }),
    }
  }),
}) {
  /** A test layer: the members given, any other dies when called. */
  static readonly Test = (members: Partial<FinaliseTokens>) => partialFake(FinaliseTokens, members)
}
