import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { Conflict, type Forbidden, NotFound } from "../../src/schema/errors"
import {
  type Invitation,
  type InvitePayload,
  invitationMoves,
  type MembershipRequest,
  requestMoves,
} from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { userLabel } from "../../src/schema/user"
import { FinaliseTokens, FinaliseTokensLive } from "../auth/finaliseTokens"
import { Access } from "../clusters/access"
import { Config } from "../config"
import { type Mail, Mailer } from "../mail/mailer"
import { invitationMail } from "../mail/texts"
import { Notifications, NotificationsLive } from "../notifications/repository"
import { MembershipRepo, MembershipRepoLive } from "./repository"

/**
 * Invitations and requests to join (SPEC §4), with their rules: who may move what, from which
 * state. Each move and its side effects (membership, notifications) are one transaction; mails
 * leave after it commits, in the background.
 */
export const makeMembership = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const access = yield* Access
  const repo = yield* MembershipRepo
  const notifications = yield* Notifications
  const finaliseTokens = yield* FinaliseTokens
  const mailer = yield* Mailer
  const config = yield* Config

  const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    sql.withTransaction(effect).pipe(Effect.catchTag("SqlError", Effect.die))

  /**
   * Accepts or declines a sent invitation for its invitee, inside the caller's transaction:
   * membership on accept (the invitation's role, the structure's current defaults), the inviter
   * told, the invitee's notification settled. undefined when the invitation was no longer sent.
   */
  const answerInvitation = (id: string, inviteeId: string, to: "accepted" | "declined") =>
    Effect.gen(function* () {
      const moved = yield* repo.moveInvitation(id, to)
      if (!moved) return undefined
      if (to === "accepted") yield* repo.join(moved.cluster_id, inviteeId, moved.role)
      yield* notifications.add({
        userId: moved.invited_by,
        kind: "invitationAnswered",
        clusterId: moved.cluster_id,
        actorId: inviteeId,
        invitationId: id,
        answer: to,
      })
      yield* notifications.settle("invitationReceived", { invitationId: id })
      return yield* repo.invitation(id)
    })

  const invite = (clusterId: string, payload: InvitePayload) =>
    Effect.gen(function* () {
      const me = yield* CurrentUser
      yield* access.require(clusterId, "addMember")
      const { invitation, mail } = yield* transaction(
        Effect.gen(function* () {
          const account = yield* repo.ensureAccount(payload.email)
          if (yield* repo.isMember(clusterId, account.id))
            return yield* Effect.fail(Conflict.of("alreadyMember"))
          const id = yield* repo.insertInvitation({
            clusterId,
            userId: account.id,
            email: account.email,
            role: payload.role,
            invitedBy: me.id,
          })
          if (!id) return yield* Effect.fail(Conflict.of("alreadyInvited"))
          yield* notifications.add({
            userId: account.id,
            kind: "invitationReceived",
            clusterId,
            actorId: me.id,
            invitationId: id,
          })
          const invitation = yield* repo.invitation(id)
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

  const answer = (id: string, move: "accept" | "decline") =>
    Effect.gen(function* () {
      const me = yield* CurrentUser
      const keys = yield* repo.invitationKeys(id)
      if (!keys || keys.user_id !== me.id) return yield* Effect.fail(NotFound.of())
      const answered = yield* transaction(answerInvitation(id, me.id, invitationMoves[move]))
      return answered ?? (yield* Effect.fail(Conflict.of("invitationClosed")))
    })

  const cancel = (id: string) =>
    Effect.gen(function* () {
      const keys = yield* repo.invitationKeys(id)
      if (!keys) return yield* Effect.fail(NotFound.of())
      yield* access.require(keys.cluster_id, "addMember")
      return yield* transaction(
        Effect.gen(function* () {
          const moved = yield* repo.moveInvitation(id, invitationMoves.cancel)
          if (!moved) return yield* Effect.fail(Conflict.of("invitationClosed"))
          // Nothing is left for the invitee to answer.
          yield* notifications.settle("invitationReceived", { invitationId: id })
          return yield* repo.invitation(id)
        }),
      )
    })

  const requestToJoin = (clusterId: string, role: MemberRole) =>
    Effect.gen(function* () {
      const me = yield* CurrentUser
      if ((yield* repo.clusterName(clusterId)) === undefined) return yield* Effect.fail(NotFound.of())
      return yield* transaction(
        Effect.gen(function* () {
          if (yield* repo.isMember(clusterId, me.id)) return yield* Effect.fail(Conflict.of("alreadyMember"))
          const id = yield* repo.insertRequest(clusterId, me.id, role)
          if (!id) return yield* Effect.fail(Conflict.of("alreadyRequested"))
          yield* notifications.toValidators(clusterId, me.id, id)
          return yield* repo.request(id)
        }),
      )
    })

  const decide = (id: string, move: "accept" | "refuse") =>
    Effect.gen(function* () {
      const me = yield* CurrentUser
      const keys = yield* repo.requestKeys(id)
      if (!keys) return yield* Effect.fail(NotFound.of())
      yield* access.require(keys.cluster_id, "validateMembership")
      const to = requestMoves[move]
      return yield* transaction(
        Effect.gen(function* () {
          const decided = yield* repo.decideRequest(id, to, me.id)
          if (!decided) return yield* Effect.fail(Conflict.of("requestClosed"))
          if (to === "accepted") yield* repo.join(decided.cluster_id, decided.user_id, decided.role)
          yield* notifications.add({
            userId: decided.user_id,
            kind: "membershipAnswered",
            clusterId: decided.cluster_id,
            actorId: me.id,
            requestId: id,
            answer: to,
          })
          yield* notifications.settle("membershipRequested", { requestId: id })
          return yield* repo.request(id)
        }),
      )
    })

  return {
    answerInvitation,
    invite,
    invitations: (
      clusterId: string,
    ): Effect.Effect<ReadonlyArray<Invitation>, NotFound | Forbidden, CurrentUser> =>
      Effect.zipRight(access.require(clusterId, "addMember"), repo.clusterInvitations(clusterId)),
    myInvitations: Effect.flatMap(CurrentUser, (me) => repo.openInvitationsOf(me.id)),
    accept: (id: string) => answer(id, "accept"),
    decline: (id: string) => answer(id, "decline"),
    cancel,
    requestToJoin,
    requests: (
      clusterId: string,
    ): Effect.Effect<ReadonlyArray<MembershipRequest>, NotFound | Forbidden, CurrentUser> =>
      Effect.zipRight(access.require(clusterId, "validateMembership"), repo.pendingRequests(clusterId)),
    myRequests: Effect.flatMap(CurrentUser, (me) => repo.requestsOf(me.id)),
    acceptRequest: (id: string) => decide(id, "accept"),
    refuseRequest: (id: string) => decide(id, "refuse"),
  }
})

export class Membership extends Context.Tag("Membership")<
  Membership,
  Effect.Effect.Success<typeof makeMembership>
>() {}

export const MembershipLive = Layer.effect(Membership, makeMembership).pipe(
  Layer.provide([MembershipRepoLive, NotificationsLive, FinaliseTokensLive]),
)
