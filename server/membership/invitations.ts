import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { type InvitePayload, invitationMoves } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { userLabel } from "../../src/schema/user"
import { FinaliseTokens, FinaliseTokensLive } from "../auth/finaliseTokens"
import { Throttle, type ThrottleRule } from "../auth/throttle"
import { Users } from "../auth/users"
import { Access } from "../clusters/access"
import { Config } from "../config"
import { retriedTransaction } from "../db/retry"
import { type Mail, Mailer } from "../mail/mailer"
import { invitationMail } from "../mail/texts"
import { Notifications, NotificationsLive } from "../notifications/repository"
import { InvitationsRepo, InvitationsRepoLive } from "./invitationsRepo"

/**
 * Invitation mails are throttled: at most 20 invitations per inviter per hour, at most 3
 * invitation mails per recipient address per 24 hours (an invite/cancel cycle sends a mail each time).
 */
export const invitationLimits = {
  perInviter: { limit: 20, windowMinutes: 60 },
  perRecipient: { limit: 3, windowMinutes: 24 * 60 },
} as const

const inviteLimits = (inviterId: string, email: string): ReadonlyArray<ThrottleRule> => [
  { key: `invite-inviter:${inviterId}`, ...invitationLimits.perInviter },
  { key: `invite-recipient:${email}`, ...invitationLimits.perRecipient },
]

/**
 * Invitations (SPEC §4: sent → accepted | declined | cancelled) and their rules. Each move and its
 * side effects (membership, notifications) are one transaction; mails leave after it commits,
 * in the background.
 */
export const makeInvitations = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const access = yield* Access
  const repo = yield* InvitationsRepo
  const notifications = yield* Notifications
  const finaliseTokens = yield* FinaliseTokens
  const mailer = yield* Mailer
  const config = yield* Config
  const throttle = yield* Throttle
  const users = yield* Users

  /**
   * An invitation is addressed to an e-mail, not to whoever signed up with it first: it is shown
   * and answered only once the account's owner has proven the address.
   */
  const addressProven = (userId: string) =>
    Effect.map(users.byId(userId), (user) => user !== undefined && user.email_verified_at !== null)

  const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    retriedTransaction(sql)(effect).pipe(Effect.catchTag("SqlError", Effect.die))

  /**
   * Accepts or declines a sent invitation for its invitee, inside the caller's transaction:
   * membership on accept (the invitation's role, the structure's current defaults, the structure
   * row locked first), the person's pending request to the structure closed as accepted, the
   * inviter told, the invitee's notification settled. undefined when the invitation was no longer sent.
   */
  const answer = (id: string, inviteeId: string, to: "accepted" | "declined") =>
    Effect.gen(function* () {
      const keys = yield* repo.keys(id)
      if (!keys) return undefined
      if (to === "accepted") yield* repo.lock(keys.cluster_id)
      const moved = yield* repo.move(id, to)
      if (!moved) return undefined
      if (to === "accepted") {
        yield* repo.join(moved.cluster_id, inviteeId, moved.role)
        const closed = yield* repo.closeOtherPaths(moved.cluster_id, inviteeId)
        for (const requestId of closed.requestIds)
          yield* notifications.settle("membershipRequested", { requestId })
      }
      yield* notifications.add({
        userId: moved.invited_by,
        kind: "invitationAnswered",
        clusterId: moved.cluster_id,
        actorId: inviteeId,
        invitationId: id,
        answer: to,
      })
      yield* notifications.settle("invitationReceived", { invitationId: id })
      return yield* repo.get(id)
    })

  /** A finalised account is told by mail to look at its notifications; an unconfigured one gets a finalisation link. */
  const invite = (clusterId: string, payload: InvitePayload) =>
    Effect.gen(function* () {
      const me = yield* CurrentUser
      yield* access.require(clusterId, "addMember")
      const { invitation, mail } = yield* transaction(
        Effect.gen(function* () {
          const account = yield* repo.ensureAccount(payload.email)
          if (yield* repo.isMember(clusterId, account.id))
            return yield* Effect.fail(Conflict.of("alreadyMember"))
          const id = yield* repo.insert({
            clusterId,
            userId: account.id,
            email: account.email,
            role: payload.role,
            invitedBy: me.id,
          })
          if (!id) return yield* Effect.fail(Conflict.of("alreadyInvited"))
          // Counted in this transaction: a refused invitation sends no mail and counts for nothing.
          yield* throttle.attempt(inviteLimits(me.id, account.email))
          yield* notifications.add({
            userId: account.id,
            kind: "invitationReceived",
            clusterId,
            actorId: me.id,
            invitationId: id,
          })
          const invitation = yield* repo.get(id)
          const link = `${config.publicUrl}/notifications`
          const facts = {
            clusterName: invitation.cluster.name,
            inviterLabel: userLabel(invitation.invitedBy),
          }
          const mail: Mail =
            account.status === "finalised"
              ? { to: account.email, link, ...invitationMail(facts, link, account.language) }
              : yield* finaliseTokens.issue(account.id, id)
          return { invitation, mail }
        }),
      )
      yield* mailer.send(mail)
      return invitation
    })

  /** Only the invitee answers; anyone else sees no such invitation. */
  const answerAsInvitee = (id: string, move: "accept" | "decline") =>
    Effect.gen(function* () {
      const me = yield* CurrentUser
      const keys = yield* repo.keys(id)
      if (!keys || keys.user_id !== me.id) return yield* Effect.fail(NotFound.of())
      if (!(yield* addressProven(me.id))) return yield* Effect.fail(Forbidden.of("emailNotConfirmed"))
      const answered = yield* transaction(answer(id, me.id, invitationMoves[move]))
      return answered ?? (yield* Effect.fail(Conflict.of("invitationClosed")))
    })

  const cancel = (id: string) =>
    Effect.gen(function* () {
      const keys = yield* repo.keys(id)
      if (!keys) return yield* Effect.fail(NotFound.of())
      yield* access.require(keys.cluster_id, "addMember")
      return yield* transaction(
        Effect.gen(function* () {
          if (!(yield* repo.move(id, invitationMoves.cancel)))
            return yield* Effect.fail(Conflict.of("invitationClosed"))
          // Nothing is left for the invitee to answer.
          yield* notifications.settle("invitationReceived", { invitationId: id })
          return yield* repo.get(id)
        }),
      )
    })

  return {
    answer,
    invite,
    ofCluster: (clusterId: string) =>
      Effect.zipRight(access.require(clusterId, "addMember"), repo.ofCluster(clusterId)),
    mine: Effect.flatMap(CurrentUser, (me) =>
      Effect.flatMap(addressProven(me.id), (proven) => (proven ? repo.openOf(me.id) : Effect.succeed([]))),
    ),
    accept: (id: string) => answerAsInvitee(id, "accept"),
    decline: (id: string) => answerAsInvitee(id, "decline"),
    cancel,
  }
})

export class Invitations extends Context.Tag("Invitations")<
  Invitations,
  Effect.Effect.Success<typeof makeInvitations>
>() {}

export const InvitationsLive = Layer.effect(Invitations, makeInvitations).pipe(
  Layer.provide([InvitationsRepoLive, NotificationsLive, FinaliseTokensLive]),
)
