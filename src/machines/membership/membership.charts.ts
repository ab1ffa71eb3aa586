// Size: sample events and fixtures of the membership and notification charts, one list per chart.
import { DateTime } from "effect"
import {
  BadRequest,
  ClusterId,
  Conflict,
  Forbidden,
  InvitationId,
  MembershipRequestId,
  NotificationId,
  TooManyRequests,
  UserId,
} from "../../schema"
import { Invitation, Member, MembershipRequest, UserSummary } from "../../schema/membership"
import { Notification } from "../../schema/notification"
import { accountMachine } from "../account/account"
import { accountSpec } from "../account/account.paths"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown, tokens } from "../lib/samples"
import { notificationsMachine } from "../notifications/notifications"
import { notificationsSpec } from "../notifications/notifications.paths"
import { notificationsUnreadMachine } from "../notifications/notificationsUnread"
import { notificationsUnreadSpec } from "../notifications/notificationsUnread.paths"
import { invitationMachine } from "./invitation"
import { invitationSpec } from "./invitation.paths"
import { inviteMachine } from "./invite"
import { inviteSpec } from "./invite.paths"
import { membersMachine } from "./members"
import { membersSpec } from "./members.paths"
import { membershipRequestMachine } from "./membershipRequest"
import { membershipRequestSpec } from "./membershipRequest.paths"

const at = DateTime.unsafeMake("2026-11-20T08:00:00Z")
const later = DateTime.unsafeMake("2026-11-21T08:00:00Z")
export const cluster = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA du Moulin" }
const anne = UserSummary.make({
  id: UserId.make("00000000-0000-4000-8000-000000000001"),
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
})
export const paul = UserSummary.make({
  id: UserId.make("00000000-0000-4000-8000-000000000002"),
  email: "paul@example.org",
  firstname: "Paul",
  lastname: "Durand",
  name: "GAEC des Prés",
})
export const me = anne.id

export const sentInvitation = Invitation.make({
  id: InvitationId.make("00000000-0000-4000-8000-0000000000a1"),
  cluster,
  email: "paul@example.org",
  role: "member",
  status: "sent",
  invitedBy: anne,
  createdAt: at,
  answeredAt: null,
})
const answeredAs = (status: "accepted" | "declined" | "cancelled") =>
  Invitation.make({ ...sentInvitation, status, answeredAt: later })
export const pendingRequest = MembershipRequest.make({
  id: MembershipRequestId.make("00000000-0000-4000-8000-0000000000b1"),
  cluster,
  user: paul,
  role: "partner",
  status: "pending",
  createdAt: at,
  decidedAt: null,
})
const decidedAs = (status: "accepted" | "refused") =>
  MembershipRequest.make({ ...pendingRequest, status, decidedAt: later })

const invitationClosed = new Conflict({
  code: "invitationClosed",
  message: "Cette invitation n'est plus valable",
})
const requestClosed = new Conflict({ code: "requestClosed", message: "Cette demande a déjà été traitée" })
const forbidden = new Forbidden({
  code: "forbidden",
  message: "Vous ne possédez pas les droits pour effectuer ceci.",
})
const notAllowed = new Forbidden({
  code: "modificationNotAllowed",
  message: "Cette modification n'est pas autorisée",
})
const invalidLink = new BadRequest({
  code: "invalidFinaliseLink",
  message: "Ce lien de création de compte est invalide ou a expiré",
})

const member = (user: UserSummary) =>
  Member.make({ user, role: "member", rights: ["seeMachines"], joinedAt: at })
/** Members in the server's order is not the label order: the chart sorts them. */
export const people = {
  members: [member(anne), member(paul)],
  invitations: [sentInvitation],
  requests: [pendingRequest],
}

const notification = (n: number, read: boolean) =>
  Notification.make({
    id: NotificationId.make(`00000000-0000-4000-8000-00000000000${n}`),
    kind: "invitationReceived",
    booking: null,
    createdAt: n === 1 ? at : later,
    cluster,
    actor: anne,
    invitationId: sentInvitation.id,
    requestId: null,
    answer: null,
    read: { user: paul.id, read_date: read ? later : null },
  })
export const unreadOne = notification(1, false)
export const readOne = notification(2, true)
export const inboxSample = {
  notifications: [unreadOne, readOne],
  invitations: [sentInvitation],
  requests: [pendingRequest],
}

/** The membership charts (see charts.ts for what each entry must give). */
export const membershipCharts: ReadonlyArray<Chart> = [
  {
    name: "invitation",
    spec: invitationSpec,
    machine: invitationMachine,
    input: { invitation: sentInvitation },
    events: [
      { type: "invitation.accept" },
      { type: "invitation.decline" },
      { type: "invitation.cancel" },
      done("acceptInvitation", answeredAs("accepted")),
      failed("acceptInvitation", invitationClosed),
      failed("acceptInvitation", networkDown),
      done("declineInvitation", answeredAs("declined")),
      failed("declineInvitation", invitationClosed),
      failed("declineInvitation", networkDown),
      done("cancelInvitation", answeredAs("cancelled")),
      failed("cancelInvitation", invitationClosed),
      failed("cancelInvitation", forbidden),
    ],
  },
  {
    name: "membershipRequest",
    spec: membershipRequestSpec,
    machine: membershipRequestMachine,
    input: { request: pendingRequest },
    events: [
      { type: "membershipRequest.accept" },
      { type: "membershipRequest.refuse" },
      done("acceptRequest", decidedAs("accepted")),
      failed("acceptRequest", requestClosed),
      failed("acceptRequest", forbidden),
      done("refuseRequest", decidedAs("refused")),
      failed("refuseRequest", requestClosed),
      failed("refuseRequest", networkDown),
    ],
  },
  {
    name: "account",
    spec: accountSpec,
    machine: accountMachine,
    input: { token: "finalise-token" },
    events: [
      done("finaliseInfo", { email: "paul@example.org", cluster, invitedBy: anne }),
      failed("finaliseInfo", invalidLink),
      failed("finaliseInfo", networkDown),
      { type: "account.retry" },
      { type: "account.finalise", firstname: "Paul", lastname: "Durand", password: "long-enough" },
      { type: "account.finalise", firstname: " ", lastname: "Durand", password: "short" },
      done("finalise", tokens),
      failed("finalise", invalidLink),
      failed(
        "finalise",
        new TooManyRequests({
          code: "tooManyAttempts",
          message: "Trop de tentatives",
          retryAfterSeconds: 60,
        }),
      ),
    ],
  },
  {
    name: "members",
    spec: membersSpec,
    machine: membersMachine,
    input: { clusterId: cluster.id, myRights: ["addMember", "removeMember", "validateMembership"], me },
    events: [
      done("loadPeople", people),
      failed("loadPeople", networkDown),
      { type: "members.reload" },
      { type: "members.remove", userId: paul.id },
      { type: "members.remove", userId: me },
      done("removeMember"),
      failed("removeMember", notAllowed),
      done("leaveCluster"),
      failed("leaveCluster", notAllowed),
    ],
  },
  {
    name: "invite",
    spec: inviteSpec,
    machine: inviteMachine,
    input: { clusterId: cluster.id },
    events: [
      { type: "invite.submit", email: " Paul@Example.org ", role: "member" },
      { type: "invite.submit", email: "paul@", role: "member" },
      done("invite", sentInvitation),
      failed(
        "invite",
        new Conflict({ code: "alreadyInvited", message: "Une invitation est déjà en attente" }),
      ),
    ],
  },
  {
    name: "notifications",
    spec: notificationsSpec,
    machine: notificationsMachine,
    events: [
      done("loadInbox", inboxSample),
      failed("loadInbox", networkDown),
      { type: "notifications.reload" },
      { type: "notifications.open", id: unreadOne.id },
      { type: "notifications.open", id: readOne.id },
      { type: "notifications.readAll" },
      done("markRead", Notification.make({ ...unreadOne, read: { ...unreadOne.read, read_date: later } })),
      failed("markRead", networkDown),
      done("markAllRead"),
      failed("markAllRead", networkDown),
    ],
  },
  {
    name: "notificationsUnread",
    spec: notificationsUnreadSpec,
    machine: notificationsUnreadMachine,
    events: [
      done("countUnread", 3),
      failed("countUnread", networkDown),
      { type: "notifications.tick" },
      { type: "notifications.refresh" },
      { type: "notifications.counted", unread: 1 },
    ],
  },
]
