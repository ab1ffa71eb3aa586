import { Schema } from "effect"
import {
  ActivityId,
  AnnouncementId,
  BookingId,
  ClusterId,
  CounterId,
  InvitationId,
  MachineId,
  MembershipRequestId,
  NotificationId,
  UserId,
} from "../../src/schema/ids"
import { Notification, NotificationKind } from "../../src/schema/notification"
import { userLabel } from "../../src/schema/user"
import { JsonColumn, UtcColumn } from "../db/columns"

export const Answer = Schema.Literal("accepted", "declined", "refused")
export type Answer = typeof Answer.Type

const Name = Schema.NullOr(Schema.String)

/** A booked resource as a notification names it: the machine's name, or the person's names. */
const ResourceName = Schema.Struct({ machine: Name, firstname: Name, lastname: Name, name: Name })

/** A notification as `select` in service.ts reads it. */
export const NotificationRow = Schema.Struct({
  id: NotificationId,
  user_id: UserId,
  kind: NotificationKind,
  created_at: UtcColumn,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
  actor_id: Schema.NullOr(Schema.String),
  actor_firstname: Name,
  actor_lastname: Name,
  actor_name: Name,
  invitation_id: Schema.NullOr(InvitationId),
  request_id: Schema.NullOr(MembershipRequestId),
  answer: Schema.NullOr(Answer),
  read_date: Schema.NullOr(UtcColumn),
  booking_id: Schema.NullOr(BookingId),
  booking_start: Schema.NullOr(UtcColumn),
  booking_end: Schema.NullOr(UtcColumn),
  booking_resources: Schema.NullOr(JsonColumn(Schema.Array(ResourceName))),
  counter_id: Schema.NullOr(CounterId),
  activity_id: Schema.NullOr(ActivityId),
  activity_machine: Schema.NullOr(Schema.String),
  activity_start: Schema.NullOr(UtcColumn),
  announcement_id: Schema.NullOr(AnnouncementId),
  announcement_excerpt: Schema.NullOr(Schema.String),
  announcement_urgency: Schema.NullOr(Schema.Literal("info", "urgent")),
  machine_id: Schema.NullOr(MachineId),
  machine_name: Schema.NullOr(Schema.String),
  maintenance_rule: Schema.NullOr(Schema.String),
  maintenance_status: Schema.NullOr(Schema.Literal("soon", "due", "overdue")),
})

export const toNotification = (r: typeof NotificationRow.Type) =>
  new Notification({
    id: r.id,
    kind: r.kind,
    createdAt: r.created_at,
    cluster: { id: r.cluster_id, name: r.cluster_name },
    // By name only: the reader may share no structure with the actor (an inviter, a refused requester).
    actor:
      r.actor_id === null
        ? null
        : { firstname: r.actor_firstname ?? "", lastname: r.actor_lastname ?? "", name: r.actor_name },
    invitationId: r.invitation_id,
    requestId: r.request_id,
    booking:
      r.booking_id === null || r.booking_start === null || r.booking_end === null
        ? null
        : {
            id: r.booking_id,
            start_date: r.booking_start,
            end_date: r.booking_end,
            resources: (r.booking_resources ?? []).map((x) =>
              x.machine !== null
                ? x.machine
                : userLabel({ firstname: x.firstname ?? "", lastname: x.lastname ?? "", name: x.name }),
            ),
          },
    answer: r.answer,
    counter: r.counter_id,
    activity:
      r.activity_id === null || r.activity_machine === null || r.activity_start === null
        ? null
        : { id: r.activity_id, machine: r.activity_machine, start: r.activity_start },
    announcement:
      r.announcement_id === null || r.announcement_excerpt === null || r.announcement_urgency === null
        ? null
        : { id: r.announcement_id, excerpt: r.announcement_excerpt, urgency: r.announcement_urgency },
    maintenance:
      r.machine_id === null ||
      r.machine_name === null ||
      r.maintenance_rule === null ||
      r.maintenance_status === null
        ? null
        : {
            machine: { id: r.machine_id, name: r.machine_name },
            rule: r.maintenance_rule,
            status: r.maintenance_status,
          },
    read: { user: r.user_id, read_date: r.read_date },
  })
