/** The membership calls the charts invoke (SPEC §7): members, invitations, requests, notifications, finalisation. */
import { Effect } from "effect"
import { AuthGroup } from "../schema/api.auth"
import { ClustersGroup } from "../schema/api.clusters"
import { MembershipGroup, NotificationsGroup } from "../schema/api.membership"
import type { FinalisePayload, Tokens } from "../schema/auth"
import type { ClusterId, InvitationId, MembershipRequestId, NotificationId, UserId } from "../schema/ids"
import type { ClusterPeople, InvitePayload } from "../schema/membership"
import { type Inbox, isUnread, type Notification } from "../schema/notification"
import type { Right } from "../schema/rights"
import { type ApiClient, clientOf } from "./apiClient"

const api = clientOf(AuthGroup, ClustersGroup, MembershipGroup, NotificationsGroup)

type Client = Effect.Effect.Success<typeof api>
const withApi = <A, E>(f: (client: Client) => Effect.Effect<A, E>) => Effect.flatMap(api, f)

// Members (group `clusters`)
export const members = (id: ClusterId) => withApi((api) => api.clusters.members({ path: { id } }))
export const removeMember = (id: ClusterId, userId: UserId) =>
  withApi((api) => api.clusters.removeMember({ path: { id, userId } }))

export const clusterPeople = (id: ClusterId, myRights: ReadonlyArray<Right>) =>
  Effect.all(
    {
      members: members(id),
      invitations: myRights.includes("addMember") ? invitations(id) : Effect.succeed(null),
      requests: myRights.includes("validateMembership") ? requests(id) : Effect.succeed(null),
    },
    { concurrency: "unbounded" },
  ).pipe(Effect.map((people): ClusterPeople => people))

// Invitations
export const invitations = (id: ClusterId) => withApi((api) => api.membership.invitations({ path: { id } }))
export const invite = (id: ClusterId, payload: InvitePayload) =>
  withApi((api) => api.membership.invite({ path: { id }, payload }))
export const myInvitations = withApi((api) => api.membership.myInvitations())
export const acceptInvitation = (id: InvitationId) =>
  withApi((api) => api.membership.acceptInvitation({ path: { id } }))
export const declineInvitation = (id: InvitationId) =>
  withApi((api) => api.membership.declineInvitation({ path: { id } }))
export const cancelInvitation = (id: InvitationId) =>
  withApi((api) => api.membership.cancelInvitation({ path: { id } }))

// Requests to join
export const requests = (id: ClusterId) => withApi((api) => api.membership.requests({ path: { id } }))
export const acceptRequest = (id: MembershipRequestId) =>
  withApi((api) => api.membership.acceptRequest({ path: { id } }))
export const refuseRequest = (id: MembershipRequestId) =>
  withApi((api) => api.membership.refuseRequest({ path: { id } }))

// Notifications
export const notifications = withApi((api) => api.notifications.list())
export const markRead = (id: NotificationId) => withApi((api) => api.notifications.markRead({ path: { id } }))
export const markAllRead = withApi((api) => api.notifications.markAllRead())

const pendingRequestsOf = (list: ReadonlyArray<Notification>) => {
  const clusters = [...new Set(list.filter((n) => n.kind === "membershipRequested").map((n) => n.cluster.id))]
  return Effect.forEach(clusters, (id) => requests(id).pipe(Effect.orElseSucceed(() => [])), {
    concurrency: 4,
  }).pipe(Effect.map((found) => found.flat()))
}
export const inbox = Effect.all(
  { notifications, invitations: myInvitations },
  { concurrency: "unbounded" },
).pipe(
  Effect.flatMap(({ notifications, invitations }) =>
    Effect.map(
      pendingRequestsOf(notifications),
      (requests): Inbox => ({ notifications, invitations, requests }),
    ),
  ),
)

// Account finalisation (group `auth`)
export const finaliseInfo = (token: string) =>
  withApi((api) => api.auth.finaliseInfo({ urlParams: { token } }))
export const finalise = (payload: typeof FinalisePayload.Type): Effect.Effect<Tokens, unknown, ApiClient> =>
  withApi((api) => api.auth.finalise({ payload }))

/** The shell's badge: how many of the person's notifications are unread. */
export const unreadCount = Effect.map(notifications, (list) => list.filter(isUnread).length)
