import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import type { NotificationKind } from "../../src/schema/notification"
import { decodeAll, decodeFirst } from "../db/decode"
import { retriedTransaction } from "../db/retry"
import { type Answer, NotificationRow, toNotification } from "./rows"

export type { Answer } from "./rows"

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

/**
 * Notifications (SPEC §3/§4): each row belongs to one person; unread while `read_date` is null.
 * Writes run inside the caller's transaction, with the move they report. SQL faults are defects.
 */
export class Notifications extends Effect.Service<Notifications>()("Notifications", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const select = (where: Statement.Fragment) =>
      sql`
        SELECT n.id, n.user_id, n.kind, n.created_at, n.cluster_id, c.name AS cluster_name,
               n.actor_id, a.firstname AS actor_firstname,
               a.lastname AS actor_lastname, a.name AS actor_name,
               n.invitation_id, n.request_id, n.answer, n.read_date,
               n.booking_id, b.start_date AS booking_start, b.end_date AS booking_end, n.counter_id,
               n.activity_id, act.machine AS activity_machine, act.start_at AS activity_start,
               n.announcement_id, left(an.message, 140) AS announcement_excerpt, an.urgency AS announcement_urgency,
               n.machine_id, mm.name AS machine_name, n.maintenance_rule, n.maintenance_status,
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
        LEFT JOIN announcements an ON an.id = n.announcement_id
        LEFT JOIN machines mm ON mm.id = n.machine_id
        LEFT JOIN LATERAL (SELECT m.name AS machine, x.start_at FROM activities x JOIN machines m ON m.id = x.machine_id
          WHERE x.id = n.activity_id LIMIT 1) act ON n.activity_id IS NOT NULL
        WHERE ${where}
        ORDER BY n.created_at DESC, n.id DESC
        LIMIT 100`
    const write = (statement: Statement.Statement<unknown>, span: string) =>
      statement.pipe(Effect.asVoid, Effect.orDie, Effect.withSpan(`Notifications.${span}`))
    return {
      add: (n: NewNotification) =>
        write(
          sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, invitation_id, request_id, answer, booking_id)
          VALUES (${n.userId}, ${n.kind}, ${n.clusterId}, ${n.actorId}, ${n.invitationId ?? null},
                  ${n.requestId ?? null}, ${n.answer ?? null}, ${n.bookingId ?? null})`,
          "add",
        ),
      /** A `membershipRequested` for every member of the structure holding validateMembership. */
      toValidators: (clusterId: string, actorId: string, requestId: string) =>
        write(
          sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, request_id)
          SELECT user_id, 'membershipRequested', cluster_id, ${actorId}, ${requestId}
          FROM memberships WHERE cluster_id = ${clusterId} AND 'validateMembership' = ANY(rights)`,
          "toValidators",
        ),
      /** Marks read what has been dealt with: the notifications of this kind about this invitation or request. */
      settle: (
        kind: NotificationKind,
        about: { readonly invitationId: string } | { readonly requestId: string },
      ) =>
        write(
          "invitationId" in about
            ? sql`UPDATE notifications SET read_date = now()
              WHERE kind = ${kind} AND invitation_id = ${about.invitationId} AND read_date IS NULL`
            : sql`UPDATE notifications SET read_date = now()
              WHERE kind = ${kind} AND request_id = ${about.requestId} AND read_date IS NULL`,
          "settle",
        ),
      /** One notification of `kind` about the booking for each of `userIds` (none when empty). */
      aboutBooking: (
        userIds: ReadonlyArray<string>,
        kind: NotificationKind,
        clusterId: string,
        actorId: string,
        bookingId: string,
      ) =>
        userIds.length === 0
          ? Effect.void
          : write(
              sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, booking_id)
              SELECT u, ${kind}, ${clusterId}, ${actorId}, ${bookingId}
              FROM unnest(${`{${userIds.join(",")}}`}::uuid[]) AS u`,
              "aboutBooking",
            ),
      /**
       * A dispute of activity `activityId` (of machine `machineId`) opened by `actorId`: to each
       * person who may correct it (managing the machine in its structure, or holding its
       * "Modification des activités" grant, or its "Gestion" grant as a member), but the actor.
       */
      activityDisputed: (machineId: string, actorId: string, activityId: string) =>
        write(
          sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, activity_id)
          SELECT DISTINCT u.user_id, 'activityDisputed', m.cluster_id, ${actorId}::uuid, ${activityId}::uuid
          FROM machines m CROSS JOIN LATERAL (
              SELECT ms.user_id FROM memberships ms
                WHERE ms.cluster_id = m.cluster_id AND 'manageMachine' = ANY(ms.rights)
              UNION SELECT g.user_id FROM machine_grants g WHERE g.machine_id = m.id
                AND ('activityModification' = ANY(g.grants) OR ('management' = ANY(g.grants)
                  AND EXISTS (SELECT 1 FROM memberships gm WHERE gm.cluster_id = m.cluster_id AND gm.user_id = g.user_id)))
            ) u
          WHERE m.id = ${machineId} AND u.user_id <> ${actorId}`,
          "activityDisputed",
        ),
      /** The dispute answered: to the member who opened it; the others' notices of it are read. */
      disputeAnswered: (userId: string | null, clusterId: string, actorId: string, activityId: string) =>
        Effect.zipRight(
          write(
            sql`UPDATE notifications SET read_date = now()
              WHERE kind = 'activityDisputed' AND activity_id = ${activityId} AND read_date IS NULL`,
            "settleDispute",
          ),
          userId === null || userId === actorId
            ? Effect.void
            : write(
                sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, activity_id)
                  VALUES (${userId}, 'disputeAnswered', ${clusterId}, ${actorId}, ${activityId})`,
                "disputeAnswered",
              ),
        ),
      /** Marks read the bookingRequested notifications about the booking (it has been dealt with). */
      settleBooking: (bookingId: string) =>
        write(
          sql`UPDATE notifications SET read_date = now()
          WHERE kind = 'bookingRequested' AND booking_id = ${bookingId} AND read_date IS NULL`,
          "settleBooking",
        ),
      /**
       * The person's notifications, newest first, at most 100. An invitation reaches its addressee
       * only once the account's address is proven (see invitations).
       */
      list: (userId: string) =>
        select(sql`n.user_id = ${userId} AND (n.kind <> 'invitationReceived'
          OR EXISTS (SELECT 1 FROM users p WHERE p.id = n.user_id AND p.email_verified_at IS NOT NULL))`).pipe(
          decodeAll(NotificationRow),
          Effect.map((rows) => rows.map(toNotification)),
          Effect.withSpan("Notifications.list"),
        ),
      /** Marks one of the person's notifications read (once); undefined when it is not theirs. */
      markRead: (id: string, userId: string) =>
        sql`UPDATE notifications SET read_date = COALESCE(read_date, now())
          WHERE id = ${id} AND user_id = ${userId}`.pipe(
          Effect.orDie,
          Effect.zipRight(
            select(sql`n.id = ${id} AND n.user_id = ${userId}`).pipe(decodeFirst(NotificationRow)),
          ),
          Effect.map((row) => (row ? toNotification(row) : undefined)),
          Effect.withSpan("Notifications.markRead"),
        ),
      // Several rows, which a booking's transaction may be settling meanwhile: a deadlock victim runs again.
      markAllRead: (userId: string) =>
        sql`UPDATE notifications SET read_date = now() WHERE user_id = ${userId} AND read_date IS NULL`.pipe(
          retriedTransaction(sql),
          Effect.asVoid,
          Effect.orDie,
          Effect.withSpan("Notifications.markAllRead"),
        ),
    }
  }),
}) {}
