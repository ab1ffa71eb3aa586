import { Effect } from "effect"
import type { Notifications } from "../notifications/service"
import type { InvitationsRepo } from "./invitationsRepo"

/**
 * Accepts or declines a sent invitation for its invitee, inside the caller's transaction:
 * membership on accept (the invitation's role, the structure's current defaults, the structure
 * row locked first), the person's pending request to the structure closed as accepted, the
 * inviter told, the invitee's notification settled. undefined when the invitation was no longer sent.
 */
export const answerInvitation =
  (repo: InvitationsRepo, notifications: Notifications) =>
  (id: string, inviteeId: string, to: "accepted" | "declined") =>
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
