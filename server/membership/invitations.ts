import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { type InvitePayload, invitationMoves } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { userLabel } from "../../src/schema/user"
import { FinaliseTokens } from "../auth/finaliseTokens"
import { Throttle } from "../auth/throttle"
import { Users } from "../auth/users"
import { Access } from "../clusters/access"
import { Config } from "../config"
import { retriedTransaction } from "../db/retry"
import { type Mail, Mailer } from "../mail/mailer"
import { invitationMail } from "../mail/texts"
import { Notifications } from "../notifications/service"
import { answerInvitation } from "./answer"
import { InvitationsRepo } from "./invitationsRepo"
import { inviteLimits } from "./limits"

/**
 * Invitations (SPEC §4: sent → accepted | declined | cancelled) and their rules. Each move and its
 * side effects (membership, notifications) are one transaction; mails leave after it commits,
 * in the background.
 */
export class Invitations extends Effect.Service<Invitations>()("Invitations", {
  effect: Effect.gen(function* () {
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

    const answer = answerInvitation(repo, notifications)

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
      answer: (id: string, inviteeId: string, to: "accepted" | "declined") =>
        answer(id, inviteeId, to).pipe(Effect.withSpan("Invitations.answer")),
      invite: (clusterId: string, payload: InvitePayload) =>
        invite(clusterId, payload).pipe(Effect.withSpan("Invitations.invite")),
      ofCluster: (clusterId: string) =>
        Effect.zipRight(access.require(clusterId, "addMember"), repo.ofCluster(clusterId)).pipe(
          Effect.withSpan("Invitations.ofCluster"),
        ),
      mine: Effect.flatMap(CurrentUser, (me) =>
        Effect.flatMap(addressProven(me.id), (proven) => (proven ? repo.openOf(me.id) : Effect.succeed([]))),
      ).pipe(Effect.withSpan("Invitations.mine")),
      accept: (id: string) => answerAsInvitee(id, "accept").pipe(Effect.withSpan("Invitations.accept")),
      decline: (id: string) => answerAsInvitee(id, "decline").pipe(Effect.withSpan("Invitations.decline")),
      cancel: (id: string) => cancel(id).pipe(Effect.withSpan("Invitations.cancel")),
    }
  }),
  dependencies: [
    InvitationsRepo.Default,
    Notifications.Default,
    FinaliseTokens.Default,
    Access.Default,
    Throttle.Default,
    Users.Default,
  ],
}) {}
