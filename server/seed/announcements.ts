import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { UserRow } from "../auth/users"

const hour = 3_600_000

/**
 * Two announcements of the demo CUMA (docs/announcements.md): an urgent one by Claire Dubois, who
 * manages the CUMA's notices ("Modifier les informations de la structure"), not read yet by the
 * demo person (it shows on their home page); and the demo person's own, read by its author. Every
 * other member is notified of each, as when they are posted.
 */
export const seedAnnouncements = (
  cuma: string,
  demo: UserRow,
  claire: UserRow | undefined,
  now: Date = new Date(),
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (!claire) return
    yield* sql`UPDATE memberships SET rights = array_append(rights, 'editCluster')
      WHERE cluster_id = ${cuma} AND user_id = ${claire.id} AND NOT 'editCluster' = ANY(rights)`
    const post = (author: UserRow, message: string, urgency: string, agoHours: number, endsInHours: number) =>
      Effect.gen(function* () {
        const at = new Date(now.getTime() - agoHours * hour)
        const ends = new Date(now.getTime() + endsInHours * hour)
        const [row] = yield* sql<{
          id: string
        }>`INSERT INTO announcements (id, cluster_id, author_id, message, urgency, created_at, ends_at)
          VALUES (gen_random_uuid(), ${cuma}, ${author.id}, ${message}, ${urgency}, ${at}, ${ends}) RETURNING id`
        if (!row) return
        yield* sql`INSERT INTO announcement_reads (announcement_id, user_id, read_at) VALUES (${row.id}, ${author.id}, ${at})`
        yield* sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, announcement_id, created_at)
          SELECT user_id, 'announcement', cluster_id, ${author.id}, ${row.id}, ${at}
          FROM memberships WHERE cluster_id = ${cuma} AND user_id <> ${author.id}`
      })
    yield* post(
      demo,
      "Assemblée générale de la CUMA vendredi à 20 h, salle des fêtes d'Illiers-Combray. Ordre du jour : tarifs 2027 et achat d'une herse étrille.",
      "info",
      26,
      10 * 24,
    )
    yield* post(
      claire,
      "Le semoir Kuhn est à l'atelier jusqu'à jeudi (disque cassé) : ne le réservez pas d'ici là.",
      "urgent",
      2,
      4 * 24,
    )
  }).pipe(Effect.orDie)
