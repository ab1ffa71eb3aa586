import { SqlClient, type Statement } from "@effect/sql"
import { Context, DateTime, Effect, Layer } from "effect"
import {
  BookingId,
  ClusterId,
  InvitationId,
  MembershipRequestId,
  NotificationId,
  UserId,
} from "../../src/schema/ids"
import { Notification, type NotificationKind } from "../../src/schema/notification"
import { userLabel } from "../../src/schema/user"
import { retriedTransaction } from "../db/retry"

export type Answer = "accepted" | "declined" | "refused"

export interface NewNotification {
  readonly userId: string
  readonly kind: NotificationKind
  readonly clusterId: string
  readonly actorId: string | null
  readonly invitationId?: string | null
  readonly requestId?: string | null
  readonly answer?: Answer | null
  readonly bookingId?: string | null
}

interface NotificationRow {
  readonly id: string
  readonly user_id: string
  readonly kind: NotificationKind
  readonly created_at: Date
  readonly cluster_id: string
  readonly cluster_name: string
  readonly actor_id: string | null
  readonly actor_firstname: string | null
  readonly actor_lastname: string | null
  readonly actor_name: string | null
  readonly invitation_id: string | null
  readonly request_id: string | null
  readonly answer: Answer | null
  readonly read_date: Date | null
  readonly booking_id: string | null
  readonly booking_start: Date | null
  readonly booking_end: Date | null
  readonly booking_resources: ReadonlyArray<{
    machine: string | null
    firstname: string | null
    lastname: string | null
    name: string | null
  }> | null
}

const toNotification = (r: NotificationRow) =>
  new Notification({
    id: NotificationId.make(r.id),
    kind: r.kind,
    createdAt: DateTime.unsafeMake(r.created_at),
    cluster: { id: ClusterId.make(r.cluster_id), name: r.cluster_name },
    // By name only: the reader may share no structure with the actor (an inviter, a refused requester).
    actor:
      r.actor_id === null
        ? null
        : { firstname: r.actor_firstname ?? "", lastname: r.actor_lastname ?? "", name: r.actor_name },
    invitationId: r.invitation_id === null ? null : InvitationId.make(r.invitation_id),
    requestId: r.request_id === null ? null : MembershipRequestId.make(r.request_id),
    booking:
      r.booking_id === null || r.booking_start === null || r.booking_end === null
        ? null
        : {
            id: BookingId.make(r.booking_id),
            start_date: DateTime.unsafeMake(r.booking_start),
            end_date: DateTime.unsafeMake(r.booking_end),
            resources: (r.booking_resources ?? []).map((x) =>
              x.machine !== null
                ? x.machine
                : userLabel({ firstname: x.firstname ?? "", lastname: x.lastname ?? "", name: x.name }),
            ),
          },
    answer: r.answer,
    read: {
      user: UserId.make(r.user_id),
      read_date: r.read_date === null ? null : DateTime.unsafeMake(r.read_date),
    },
  })

/**
 * Notifications (SPEC §3/§4): each row belongs to one person; unread while `read_date` is null.
 * Writes run inside the caller's transaction, with the move they report. SQL faults are defects.
 */
export class Notifications extends Context.Tag("Notifications")<
  Notifications,
  {
    readonly add: (n: NewNotification) => Effect.Effect<void>
    /** A `membershipRequested` for every member of the structure holding validateMembership. */
    readonly toValidators: (clusterId: string, actorId: string, requestId: string) => Effect.Effect<void>
    /** Marks read what has been dealt with: the notifications of this kind about this invitation or request. */
    readonly settle: (
      kind: NotificationKind,
      about: { readonly invitationId: string } | { readonly requestId: string },
    ) => Effect.Effect<void>
    /** One notification of `kind` about the booking for each of `userIds` (none when empty). */
    readonly aboutBooking: (
      userIds: ReadonlyArray<string>,
      kind: NotificationKind,
      clusterId: string,
      actorId: string,
      bookingId: string,
    ) => Effect.Effect<void>
    /** Marks read the bookingRequested notifications about the booking (it has been dealt with). */
    readonly settleBooking: (bookingId: string) => Effect.Effect<void>
    /** The person's notifications, newest first, at most 100. */
    readonly list: (userId: string) => Effect.Effect<ReadonlyArray<Notification>>
    /** Marks one of the person's notifications read (once); undefined when it is not theirs. */
    readonly markRead: (id: string, userId: string) => Effect.Effect<Notification | undefined>
    readonly markAllRead: (userId: string) => Effect.Effect<void>
  }
>() {}

export const NotificationsLive = Layer.effect(
  Notifications,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment) =>
      sql<NotificationRow>`
        SELECT n.id, n.user_id, n.kind, n.created_at, n.cluster_id, c.name AS cluster_name,
               n.actor_id, a.firstname AS actor_firstname,
               a.lastname AS actor_lastname, a.name AS actor_name,
               n.invitation_id, n.request_id, n.answer, n.read_date,
               n.booking_id, b.start_date AS booking_start, b.end_date AS booking_end,
               (SELECT json_agg(json_build_object('machine', m.name, 'firstname', u.firstname,
                                                  'lastname', u.lastname, 'name', u.name) ORDER BY br.position)
                FROM booking_resources br
                LEFT JOIN machines m ON m.id = br.machine_id
                LEFT JOIN users u ON u.id = br.employee_id
                WHERE br.booking_id = n.booking_id) AS booking_resources
        FROM notifications n
        JOIN clusters c ON c.id = n.cluster_id
        LEFT JOIN users a ON a.id = n.actor_id
        LEFT JOIN bookings b ON b.id = n.booking_id
        WHERE ${where}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT 100`.pipe(Effect.map((rows) => rows.map(toNotification)))
    return {
      add: (n) =>
        sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, invitation_id, request_id, answer, booking_id)
          VALUES (${n.userId}, ${n.kind}, ${n.clusterId}, ${n.actorId}, ${n.invitationId ?? null},
                  ${n.requestId ?? null}, ${n.answer ?? null}, ${n.bookingId ?? null})`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      toValidators: (clusterId, actorId, requestId) =>
        sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, request_id)
          SELECT user_id, 'membershipRequested', cluster_id, ${actorId}, ${requestId}
          FROM memberships WHERE cluster_id = ${clusterId} AND 'validateMembership' = ANY(rights)`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      settle: (kind, about) =>
        ("invitationId" in about
          ? sql`UPDATE notifications SET read_date = now()
              WHERE kind = ${kind} AND invitation_id = ${about.invitationId} AND read_date IS NULL`
          : sql`UPDATE notifications SET read_date = now()
              WHERE kind = ${kind} AND request_id = ${about.requestId} AND read_date IS NULL`
        ).pipe(Effect.asVoid, Effect.orDie),
      aboutBooking: (userIds, kind, clusterId, actorId, bookingId) =>
        userIds.length === 0
          ? Effect.void
          : sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, booking_id)
              SELECT u, ${kind}, ${clusterId}, ${actorId}, ${bookingId}
              FROM unnest(${`{${userIds.join(",")}}`}::uuid[]) AS u`.pipe(Effect.asVoid, Effect.orDie),
      settleBooking: (bookingId) =>
        sql`UPDATE notifications SET read_date = now()
          WHERE kind = 'bookingRequested' AND booking_id = ${bookingId} AND read_date IS NULL`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      // An invitation reaches its addressee only once the account's address is proven (see invitations).
      list: (userId) =>
        select(sql`n.user_id = ${userId} AND (n.kind <> 'invitationReceived'
          OR EXISTS (SELECT 1 FROM users p WHERE p.id = n.user_id AND p.email_verified_at IS NOT NULL))`).pipe(
          Effect.orDie,
        ),
      markRead: (id, userId) =>
        sql`UPDATE notifications SET read_date = COALESCE(read_date, now())
          WHERE id = ${id} AND user_id = ${userId}`.pipe(
          Effect.zipRight(select(sql`n.id = ${id} AND n.user_id = ${userId}`)),
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      // Several rows, which a booking's transaction may be settling meanwhile: a deadlock victim runs again.
      markAllRead: (userId) =>
        sql`UPDATE notifications SET read_date = now() WHERE user_id = ${userId} AND read_date IS NULL`.pipe(
          retriedTransaction(sql),
          Effect.asVoid,
          Effect.orDie,
        ),
    }
  }),
)
