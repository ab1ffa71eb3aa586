import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Runs `change` (a change of tag `tagId`'s person, machine or product type) and keeps who held the
 * tag when (`ble_tag_holdings`, migration 0020), in one transaction: the holding open until now
 * ends now, and the new one, when the tag has a holder, starts now. A tag that never had a
 * holding row (set up before holdings were kept, or written straight into `ble_tags`) first gets
 * its holder until now as held since always. A second change in the same transaction (the same
 * instant) rewrites the holding the first one opened.
 */
export const changeHolding = <A, E, R>(
  sql: SqlClient.SqlClient,
  tagId: string,
  change: Effect.Effect<A, E, R>,
) =>
  Effect.gen(function* () {
    yield* sql`INSERT INTO ble_tag_holdings (tag_id, start_at, user_id, machine_id, product_type_id)
      SELECT id, '-infinity', user_id, machine_id, product_type_id FROM ble_tags
      WHERE id = ${tagId} AND (user_id IS NOT NULL OR machine_id IS NOT NULL)
        AND NOT EXISTS (SELECT 1 FROM ble_tag_holdings WHERE tag_id = ${tagId})`
    const result = yield* change
    yield* sql`WITH closed AS (
        UPDATE ble_tag_holdings SET end_at = now()
        WHERE tag_id = ${tagId} AND end_at IS NULL AND start_at < now() RETURNING 1)
      INSERT INTO ble_tag_holdings (tag_id, start_at, user_id, machine_id, product_type_id)
      SELECT id, now(), user_id, machine_id, product_type_id FROM ble_tags
      WHERE id = ${tagId} AND (user_id IS NOT NULL OR machine_id IS NOT NULL)
      ON CONFLICT (tag_id, start_at) DO UPDATE SET user_id = excluded.user_id,
        machine_id = excluded.machine_id, product_type_id = excluded.product_type_id`
    return result
  }).pipe(sql.withTransaction)
