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
export const AssociationId = Schema.UUID.pipe(Schema.brand("AssociationId"))
export type AssociationId = typeof AssociationId.Type
export const BrandId = Schema.UUID.pipe(Schema.brand("BrandId"))
export type BrandId = typeof BrandId.Type
/** Filter entries name machine categories and types (SPEC §3 "Filter entry"). */
export const FilterEntryId = Schema.UUID.pipe(Schema.brand("FilterEntryId"))
export type FilterEntryId = typeof FilterEntryId.Type
/** A box's own identifier, printed on it: letters, digits and dashes (upper-cased on decode). */
export const CounterId = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.minLength(1, { message: () => "counterRequired" }),
  Schema.pattern(/^[A-Z0-9-]{3,32}$/, { message: () => "selectionUnknown" }),
  Schema.brand("CounterId"),
)
export type CounterId = typeof CounterId.Type
/** A BLE tag's identifier (its MAC address or serial), upper-cased on decode. */
export const BleTagId = Schema.Trim.pipe(
  Schema.compose(Schema.Uppercase),
  Schema.minLength(1, { message: () => "required" }),
  Schema.pattern(/^[A-Z0-9:-]{3,32}$/, { message: () => "selectionUnknown" }),
  Schema.brand("BleTagId"),
)
export type BleTagId = typeof BleTagId.Type
/** A booking's id: chosen by the client when it first asks, so a retried PUT never books twice. */
export const BookingId = Schema.UUID.pipe(Schema.brand("BookingId"))
export type BookingId = typeof BookingId.Type
/** A field's id: chosen by the client when it first saves it, so a retried PUT never creates two. */
export const FieldId = Schema.UUID.pipe(Schema.brand("FieldId"))
export type FieldId = typeof FieldId.Type
/** A field comment's id: chosen by the client when it first sends it, so a retried PUT never comments twice. */
export const FieldCommentId = Schema.UUID.pipe(Schema.brand("FieldCommentId"))
export type FieldCommentId = typeof FieldCommentId.Type
/** An announcement's id: chosen by the client when it first sends it, so a retried PUT never posts twice. */
export const AnnouncementId = Schema.UUID.pipe(Schema.brand("AnnouncementId"))
export type AnnouncementId = typeof AnnouncementId.Type
/** An activity detected from a machine's trace (server/activities). */
export const ActivityId = Schema.UUID.pipe(Schema.brand("ActivityId"))
export type ActivityId = typeof ActivityId.Type
/** Maintenance ids are the client's: a retried write records the profile, rule or action once. */
export const MaintenanceProfileId = Schema.UUID.pipe(Schema.brand("MaintenanceProfileId"))
export type MaintenanceProfileId = typeof MaintenanceProfileId.Type
export const MaintenanceRuleId = Schema.UUID.pipe(Schema.brand("MaintenanceRuleId"))
export type MaintenanceRuleId = typeof MaintenanceRuleId.Type
export const MaintenanceActionId = Schema.UUID.pipe(Schema.brand("MaintenanceActionId"))
export type MaintenanceActionId = typeof MaintenanceActionId.Type
