import { Schema } from "effect"
import { ClusterRef } from "./cluster"
import {
  ActivityId,
  AnnouncementId,
  BookingId,
  CounterId,
  InvitationId,
  MachineId,
  MembershipRequestId,
  NotificationId,
  UserId,
} from "./ids"
import { type Invitation, type MembershipRequest, PersonName } from "./membership"

/**
 * What happened, for whom: an invitation received (to the invitee), an invitation answered (to
 * the inviter), a request to join (to each member allowed to validate it), a request answered (to
 * the requester); a booking requested (to each member who may accept it), a booking accepted,
 * refused, edited or cancelled by someone else (to its requester and the person it is for); a box
 * silent for more than a day, or low on battery (to the users of its alerts, once per episode); an
 * activity disputed (to each person who may correct it), a dispute answered (to the member who
 * opened it); an announcement posted in the structure (to its other members); a maintenance rule
 * of a machine turned soon, due or overdue (to those who manage the machine, once per change).
 */
export const NotificationKind = Schema.Literal(
  "invitationReceived",
  "invitationAnswered",
  "membershipRequested",
  "membershipAnswered",
  "bookingRequested",
  "bookingAccepted",
  "bookingRefused",
  "bookingEdited",
  "bookingCancelled",
  "boxSilent",
  "boxLowBattery",
  "activityDisputed",
  "disputeAnswered",
  "announcement",
  "maintenanceAlert",
)
export type NotificationKind = typeof NotificationKind.Type

/** SPEC §3/§4: the read object of the current user; unread while `read_date` is null. */
export const ReadEntry = Schema.Struct({ user: UserId, read_date: Schema.NullOr(Schema.DateTimeUtc) })

export class Notification extends Schema.Class<Notification>("Notification")({
  id: NotificationId,
  kind: NotificationKind,
  createdAt: Schema.DateTimeUtc,
  cluster: ClusterRef,
  /** Who did it, by name only: the inviter, the invitee who answered, the requester, the member who decided. */
  actor: Schema.NullOr(PersonName),
  invitationId: Schema.NullOr(InvitationId),
  requestId: Schema.NullOr(MembershipRequestId),
  /** For the booking kinds: which booking, when, and what it holds (names in order). */
  booking: Schema.NullOr(
    Schema.Struct({
      id: BookingId,
      start_date: Schema.DateTimeUtc,
      end_date: Schema.DateTimeUtc,
      resources: Schema.Array(Schema.String),
    }),
  ),
  /** For the box kinds: which box. */
  counter: Schema.optionalWith(Schema.NullOr(CounterId), { default: () => null }),
  /** For the activity kinds: which activity (its machine and start; null once it is gone). */
  activity: Schema.optionalWith(
    Schema.NullOr(Schema.Struct({ id: ActivityId, machine: Schema.String, start: Schema.DateTimeUtc })),
    { default: () => null },
  ),
  /** For an announcement: which, its first words, and whether it is urgent. */
  announcement: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({
        id: AnnouncementId,
        excerpt: Schema.String,
        urgency: Schema.Literal("info", "urgent"),
      }),
    ),
    { default: () => null },
  ),
  /** For a maintenance alert: which machine, which rule (its name then), the status it turned to. */
  maintenance: Schema.optionalWith(
    Schema.NullOr(
      Schema.Struct({
        machine: Schema.Struct({ id: MachineId, name: Schema.String }),
        rule: Schema.String,
        status: Schema.Literal("soon", "due", "overdue"),
      }),
    ),
    { default: () => null },
  ),
  /** For the answered kinds: how it was answered. */
  answer: Schema.NullOr(Schema.Literal("accepted", "declined", "refused")),
  read: ReadEntry,
}) {}

export const isUnread = (n: { read: { read_date: unknown } }): boolean => n.read.read_date === null

/**
 * The notifications page: the person's notifications, open invitations, and the pending requests
 * to join their notifications mention (only those of structures where the person may decide:
 * the others answer 403 and are left out).
 */
export interface Inbox {
  readonly notifications: ReadonlyArray<Notification>
  readonly invitations: ReadonlyArray<Invitation>
  readonly requests: ReadonlyArray<MembershipRequest>
}
