import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Who held each BLE tag, and when: a tag heard on a day speaks for whoever held it that day, not for
 * whoever holds it when the day is recomputed (docs/activities.md). `ble_tag_holdings` has one row
 * per holding (a person for a user tag; a machine and the product it spreads for a machine tag)
 * from `start_at` until `end_at` (null: still held). Every change of a tag's attribution closes the
 * open row and opens a new one in the same transaction (server/bletags/holdings.ts).
 *
 * The tags held today are taken as held since always: the past read them so until now.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE ble_tag_holdings (
    tag_id text NOT NULL REFERENCES ble_tags(id) ON DELETE CASCADE,
    start_at timestamptz NOT NULL,
    end_at timestamptz,
    user_id uuid REFERENCES users(id) ON DELETE SET NULL,
    machine_id uuid REFERENCES machines(id) ON DELETE SET NULL,
    product_type_id uuid REFERENCES filter_entries(id) ON DELETE SET NULL,
    PRIMARY KEY (tag_id, start_at),
    CHECK (end_at IS NULL OR end_at > start_at)
  )`
  yield* sql`INSERT INTO ble_tag_holdings (tag_id, start_at, user_id, machine_id, product_type_id)
    SELECT id, '-infinity', user_id, machine_id, product_type_id FROM ble_tags
    WHERE user_id IS NOT NULL OR machine_id IS NOT NULL`
})
