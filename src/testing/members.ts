/** Sample structure, people, invitations and requests for the membership views' tests. */
import { DateTime } from "effect"
import { Cluster } from "../schema/cluster"
import { ClusterId, InvitationId, MembershipRequestId, NotificationId, UserId } from "../schema/ids"
import { Invitation, Member, MembershipRequest, UserSummary } from "../schema/membership"
import { Notification } from "../schema/notification"
import { type Right, rights } from "../schema/rights"
import { Address } from "../schema/user"
import { aUser } from "./render"

export const at = DateTime.unsafeMake("2026-11-20T08:00:00Z")
export const me = aUser()
export const jeanne = UserSummary.make({
  id: me.id,
  email: me.email,
  firstname: me.firstname,
  lastname: me.lastname,
  name: null,
})
export const paul = UserSummary.make({
  id: UserId.make("00000000-0000-4000-8000-000000000002"),
  email: "paul@example.org",
  firstname: "Paul",
  lastname: "Durand",
  name: "GAEC des Prés",
})
export const lucie = UserSummary.make({
  id: UserId.make("00000000-0000-4000-8000-000000000003"),
  email: "lucie@example.org",
  firstname: "Lucie",
  lastname: "bernard",
  name: null,
})

export const aCluster = (myRights: ReadonlyArray<Right> = rights) =>
  Cluster.make({
    id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"),
    name: "CUMA du Moulin",
    type: "sharing",
    kind: "cuma",
    vatNumber: null,
    description: null,
    address: new Address({ ...(me.address as NonNullable<typeof me.address>) }),
    defaultRights: ["seeMachines"],
    memberCount: 3,
    myRole: "member",
    myRights: [...myRights],
  })
export const clusterRef = {
  id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"),
  name: "CUMA du Moulin",
}

export const member = (user: UserSummary, role: Member["role"] = "member") =>
  Member.make({ user, role, rights: ["seeMachines"], joinedAt: at })

export const invitation = (n: number, status: Invitation["status"], email = "marc@example.org") =>
  Invitation.make({
    id: InvitationId.make(`00000000-0000-4000-8000-0000000000a${n}`),
    cluster: clusterRef,
    email,
    role: "employee",
    status,
    invitedBy: jeanne,
    createdAt: at,
    answeredAt: status === "sent" ? null : at,
  })

export const request = (user: UserSummary = lucie) =>
  MembershipRequest.make({
    id: MembershipRequestId.make("00000000-0000-4000-8000-0000000000b1"),
    cluster: clusterRef,
    user,
    role: "partner",
    status: "pending",
    createdAt: at,
    decidedAt: null,
  })

export const notification = (
  n: number,
  kind: Notification["kind"],
  {
    read = false,
    answer = null,
    actor = paul,
    minutes = n,
  }: {
    read?: boolean
    answer?: Notification["answer"]
    actor?: UserSummary | null
    minutes?: number
  } = {},
) =>
  Notification.make({
    id: NotificationId.make(`00000000-0000-4000-8000-00000000000${n}`),
    kind,
    createdAt: DateTime.add(at, { minutes }),
    booking: null,
    cluster: clusterRef,
    actor,
    invitationId: kind === "invitationReceived" ? invitation(1, "sent").id : null,
    requestId: kind === "membershipRequested" ? request().id : null,
    answer,
    read: { user: me.id, read_date: read ? at : null },
  })
