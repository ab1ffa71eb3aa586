import { Schema } from "effect"

export const UserId = Schema.UUID.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type
export const ClusterId = Schema.UUID.pipe(Schema.brand("ClusterId"))
export type ClusterId = typeof ClusterId.Type
export const MachineId = Schema.UUID.pipe(Schema.brand("MachineId"))
export type MachineId = typeof MachineId.Type
export const InvitationId = Schema.UUID.pipe(Schema.brand("InvitationId"))
export type InvitationId = typeof InvitationId.Type
export const MembershipRequestId = Schema.UUID.pipe(Schema.brand("MembershipRequestId"))
export type MembershipRequestId = typeof MembershipRequestId.Type
export const NotificationId = Schema.UUID.pipe(Schema.brand("NotificationId"))
export type NotificationId = typeof NotificationId.Type
