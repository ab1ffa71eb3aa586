import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized } from "./errors"
import { ClusterId, InvitationId, MembershipRequestId, NotificationId } from "./ids"
import { Invitation, InvitePayload, JoinPayload, MembershipRequest } from "./membership"
import { Authentication } from "./middleware"
import { Notification } from "./notification"

const clusterParam = HttpApiSchema.param("id", ClusterId)
const invitationParam = HttpApiSchema.param("id", InvitationId)
const requestParam = HttpApiSchema.param("id", MembershipRequestId)

/**
 * Invitations and requests to join (SPEC §4 membership). Moves follow `invitationMoves` and
 * `requestMoves`: anything else is `invitationClosed` / `requestClosed` (409).
 */
export class MembershipGroup extends HttpApiGroup.make("membership")
  .add(
    HttpApiEndpoint.get("invitations")`/clusters/${clusterParam}/invitations`.addSuccess(
      Schema.Array(Invitation),
    ),
  )
  .add(
    HttpApiEndpoint.post("invite")`/clusters/${clusterParam}/invitations`
      .setPayload(InvitePayload)
      .addSuccess(Invitation, { status: 201 })
      // Invitation mails are throttled per inviter and per recipient address.
      .addError(TooManyRequests),
  )
  .add(HttpApiEndpoint.get("myInvitations", "/me/invitations").addSuccess(Schema.Array(Invitation)))
  .add(
    HttpApiEndpoint.post("acceptInvitation")`/invitations/${invitationParam}/accept`.addSuccess(Invitation),
  )
  .add(
    HttpApiEndpoint.post("declineInvitation")`/invitations/${invitationParam}/decline`.addSuccess(Invitation),
  )
  .add(
    HttpApiEndpoint.post("cancelInvitation")`/invitations/${invitationParam}/cancel`.addSuccess(Invitation),
  )
  .add(
    HttpApiEndpoint.post("requestToJoin")`/clusters/${clusterParam}/requests`
      .setPayload(JoinPayload)
      .addSuccess(MembershipRequest, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("requests")`/clusters/${clusterParam}/requests`.addSuccess(
      Schema.Array(MembershipRequest),
    ),
  )
  .add(HttpApiEndpoint.get("myRequests", "/me/requests").addSuccess(Schema.Array(MembershipRequest)))
  .add(
    HttpApiEndpoint.post("acceptRequest")`/membershipRequests/${requestParam}/accept`.addSuccess(
      MembershipRequest,
    ),
  )
  .add(
    HttpApiEndpoint.post("refuseRequest")`/membershipRequests/${requestParam}/refuse`.addSuccess(
      MembershipRequest,
    ),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}

const notificationParam = HttpApiSchema.param("id", NotificationId)

export class NotificationsGroup extends HttpApiGroup.make("notifications")
  .add(HttpApiEndpoint.get("list", "/notifications").addSuccess(Schema.Array(Notification)))
  .add(HttpApiEndpoint.post("markRead")`/notifications/${notificationParam}/read`.addSuccess(Notification))
  .add(HttpApiEndpoint.post("markAllRead", "/notifications/read").addSuccess(Schema.Void))
  .addError(Unauthorized)
  .addError(NotFound)
  .middleware(Authentication)
  .prefix("/api/v2") {}
