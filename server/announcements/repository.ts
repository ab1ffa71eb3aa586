import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { Announcement, type AnnouncementUrgency } from "../../src/schema/announcement"
import { AnnouncementId, ClusterId } from "../../src/schema/ids"
import { Locale } from "../../src/schema/user"
import { UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"

const Name = Schema.NullOr(Schema.String)

/** An announcement as one member sees it (`select` below). */
const AnnouncementRow = Schema.Struct({
  id: AnnouncementId,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
  author_id: Schema.NullOr(Schema.String),
  firstname: Name,
  lastname: Name,
  name: Name,
  message: Schema.String,
  urgency: Schema.Literal("info", "urgent"),
  created_at: UtcColumn,
  ends_at: Schema.NullOr(UtcColumn),
  ended_at: Schema.NullOr(UtcColumn),
  read_at: Schema.NullOr(UtcColumn),
  can_end: Schema.Boolean,
  showing: Schema.Boolean,
})
type AnnouncementRow = typeof AnnouncementRow.Type

/** The stored facts a retried PUT is compared with. */
const StoredRow = Schema.Struct({
  cluster_id: Schema.String,
  author_id: Schema.NullOr(Schema.String),
  message: Schema.String,
  urgency: Schema.String,
})

const Recipient = Schema.Struct({ email: Schema.String, language: Locale })

const toAnnouncement = (r: AnnouncementRow) =>
  new Announcement({
    id: r.id,
    cluster: { id: r.cluster_id, name: r.cluster_name },
    author:
      r.author_id === null
        ? null
        : { firstname: r.firstname ?? "", lastname: r.lastname ?? "", name: r.name },
    message: r.message,
    urgency: r.urgency,
    createdAt: r.created_at,
    endsAt: r.ends_at,
    readAt: r.read_at,
    can: { end: r.can_end && r.showing },
  })

/**
 * Announcements in SQL; who may post, read and end them is the service's (service.ts). An
 * announcement shows while nobody ended it and its end date, if any, is to come.
 */
export class AnnouncementsRepo extends Effect.Service<AnnouncementsRepo>()("AnnouncementsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    /** Announcements of the structures `me` is a member of, as `me` sees them. */
    const select = (me: string) => sql`
      SELECT a.id, a.cluster_id, c.name AS cluster_name, a.author_id, u.firstname, u.lastname, u.name,
             a.message, a.urgency, a.created_at, a.ends_at, a.ended_at, r.read_at,
             ('editCluster' = ANY(ms.rights)) AS can_end,
             (a.ended_at IS NULL AND (a.ends_at IS NULL OR a.ends_at > now())) AS showing
      FROM announcements a
      JOIN memberships ms ON ms.cluster_id = a.cluster_id AND ms.user_id = ${me}
      JOIN clusters c ON c.id = a.cluster_id
      LEFT JOIN users u ON u.id = a.author_id
      LEFT JOIN announcement_reads r ON r.announcement_id = a.id AND r.user_id = ${me}`
    return {
      /** What shows to `me` now, in every structure of theirs. */
      showing: (me: string) =>
        sql`${select(me)} WHERE a.ended_at IS NULL AND (a.ends_at IS NULL OR a.ends_at > now())
          ORDER BY a.created_at DESC, a.id LIMIT 200`.pipe(
          decodeAll(AnnouncementRow),
          Effect.map((rows) => rows.map(toAnnouncement)),
          Effect.orDie,
          Effect.withSpan("AnnouncementsRepo.showing"),
        ),
      /** One announcement as `me` sees it, whether it still shows (`showing`), or undefined for a non-member. */
      get: (me: string, id: string) =>
        sql`${select(me)} WHERE a.id = ${id}`.pipe(
          decodeFirst(AnnouncementRow),
          Effect.map((row) =>
            row ? { announcement: toAnnouncement(row), showing: row.showing } : undefined,
          ),
          Effect.orDie,
        ),
      /** What is stored under `id`, whoever may see it (a retried PUT is compared with it). */
      stored: (id: string) =>
        sql`SELECT cluster_id, author_id, message, urgency FROM announcements WHERE id = ${id}`.pipe(
          decodeFirst(StoredRow),
          Effect.orDie,
        ),
      /** Inserts it unless the id is taken; whether it was inserted. */
      insert: (a: {
        id: string
        clusterId: string
        authorId: string
        message: string
        urgency: AnnouncementUrgency
        endsAt: Date | null
      }) =>
        sql`INSERT INTO announcements (id, cluster_id, author_id, message, urgency, ends_at)
          VALUES (${a.id}, ${a.clusterId}, ${a.authorId}, ${a.message}, ${a.urgency}, ${a.endsAt})
          ON CONFLICT (id) DO NOTHING RETURNING id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      /** Marks it read by `userId` (the first reading stays), with the notifications about it. */
      markRead: (id: string, userId: string) =>
        Effect.zipRight(
          sql`INSERT INTO announcement_reads (announcement_id, user_id) VALUES (${id}, ${userId})
            ON CONFLICT DO NOTHING`,
          sql`UPDATE notifications SET read_date = now()
            WHERE announcement_id = ${id} AND user_id = ${userId} AND read_date IS NULL`,
        ).pipe(Effect.asVoid, Effect.orDie),
      /** Tells every other member of the structure, in the app. */
      notifyMembers: (id: string, clusterId: string, authorId: string) =>
        sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, announcement_id)
          SELECT user_id, 'announcement', cluster_id, ${authorId}, ${id}
          FROM memberships WHERE cluster_id = ${clusterId} AND user_id <> ${authorId}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      /** The other members an urgent one is e-mailed to: those whose address is proven. */
      mailRecipients: (clusterId: string, authorId: string) =>
        sql`SELECT u.email, u.language FROM memberships ms JOIN users u ON u.id = ms.user_id
          WHERE ms.cluster_id = ${clusterId} AND ms.user_id <> ${authorId} AND u.email_verified_at IS NOT NULL
          ORDER BY u.email`.pipe(decodeAll(Recipient), Effect.orDie),
      /** Ends it now: it shows no more, and the notifications about it are settled. */
      end: (id: string) =>
        Effect.zipRight(
          sql`UPDATE announcements SET ended_at = now() WHERE id = ${id} AND ended_at IS NULL`,
          sql`UPDATE notifications SET read_date = now() WHERE announcement_id = ${id} AND read_date IS NULL`,
        ).pipe(Effect.asVoid, Effect.orDie),
    }
  }),
}) {}
