import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { UserRow } from "../auth/users"
import { decodeFirst } from "../db/decode"
import { hashSecret, newSecret } from "../ingest/secrets"

const Member = Schema.Struct({ user_id: Schema.String })

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString()

/**
 * The demo boxes, their associations to the CUMA's machines, BLE tags, and the demo administrator.
 * `machines` are the CUMA's tractor, combine harvester and seeder, in that order.
 */
export const seedBoxes = (cuma: string, machines: ReadonlyArray<string>, demo: UserRow) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [tractor, combine, seeder] = machines
    yield* sql`UPDATE users SET is_admin = true WHERE id = ${demo.id}`
    const boxes: ReadonlyArray<[string, number, number, string | null]> = [
      ["SIL-0001", 87, 0.02, cuma],
      ["SIL-0002", 64, 2, cuma],
      ["SIL-0003", 41, 0.1, cuma],
      ["SIL-0004", 12, 9, cuma],
      ["SIL-0005", 100, 30, null],
    ]
    // Registered well before their first association (a box's fixes cannot predate it), each with
    // a secret as a real box has one — never shown: an administrator issues a new one to use it
    // ("Nouveau secret", or `npm run simulate -- --rotate`).
    for (const [id, battery, silentDays, clusterId] of boxes)
      yield* sql`INSERT INTO counters (id, cluster_id, battery, last_communication, created_at,
                                       secret_hash, secret_issued_at)
        VALUES (${id}, ${clusterId}, ${battery}, ${daysAgo(silentDays)}::timestamptz, ${daysAgo(450)}::timestamptz,
                ${hashSecret(newSecret())}, ${daysAgo(450)}::timestamptz)`
    const associate = (counter: string, machine: string, start: string, end: string | null) =>
      sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date, end_date)
        VALUES (${counter}, ${machine}, ${cuma}, ${start}::timestamptz, ${end}::timestamptz)`
    // SIL-0001 on the tractor for 40 days (no end); SIL-0002 on the combine last harvest, then
    // taken off; SIL-0003 on the combine for 10 days.
    yield* associate("SIL-0001", tractor, daysAgo(40), null)
    yield* associate("SIL-0002", combine, daysAgo(420), daysAgo(360))
    yield* associate("SIL-0003", combine, daysAgo(10), null)
    const member = yield* sql`SELECT user_id FROM memberships
      WHERE cluster_id = ${cuma} AND user_id <> ${demo.id} ORDER BY joined_at, user_id LIMIT 1`.pipe(
      decodeFirst(Member),
    )
    // The seeder's tag says what it sows (the activities of the tractor drawing it read it).
    yield* sql`INSERT INTO ble_tags (id, type, cluster_id, machine_id, product_type_id)
      VALUES ('BLE-0001', 'machine', ${cuma}, ${seeder},
        (SELECT id FROM filter_entries WHERE type = 'productType' AND name->>'default' = 'Semences de céréales'))`
    yield* sql`INSERT INTO ble_tags (id, type, cluster_id, user_id)
      VALUES ('BLE-0002', 'user', ${cuma}, ${member?.user_id ?? demo.id})`
    yield* sql`INSERT INTO ble_tags (id, type) VALUES ('BLE-0003', 'machine')`
  }).pipe(Effect.orDie)
