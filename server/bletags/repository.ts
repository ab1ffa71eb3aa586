import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import { FilterName } from "../../src/schema/catalogue"
import { BleTag, BleTagType } from "../../src/schema/counter"
import { BleTagId, ClusterId, FilterEntryId, MachineId, UserId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { JsonColumn } from "../db/columns"
import { decodeAll, first } from "../db/decode"

const Text = Schema.NullOr(Schema.String)

const TagRow = Schema.Struct({
  id: BleTagId,
  type: BleTagType,
  cluster_id: Schema.NullOr(ClusterId),
  cluster_name: Text,
  machine_id: Schema.NullOr(MachineId),
  machine_name: Text,
  machine_cluster_id: Schema.NullOr(ClusterId),
  machine_cluster_name: Text,
  user_id: Schema.NullOr(UserId),
  firstname: Text,
  lastname: Text,
  user_name: Text,
  product_type_id: Schema.NullOr(FilterEntryId),
  product_type_name: Schema.NullOr(JsonColumn(FilterName)),
})

const toTag = (r: typeof TagRow.Type) =>
  new BleTag({
    id: r.id,
    type: r.type,
    cluster: r.cluster_id === null ? null : { id: r.cluster_id, name: r.cluster_name ?? "" },
    machine:
      r.machine_id === null || r.machine_cluster_id === null
        ? null
        : new MachineSummary({
            id: r.machine_id,
            name: r.machine_name ?? "",
            cluster: { id: r.machine_cluster_id, name: r.machine_cluster_name ?? "" },
          }),
    user:
      r.user_id === null
        ? null
        : { id: r.user_id, firstname: r.firstname ?? "", lastname: r.lastname ?? "", name: r.user_name },
    productType:
      r.product_type_id === null || r.product_type_name === null
        ? null
        : { id: r.product_type_id, name: r.product_type_name },
  })

/** SQL of BLE tags (reads; the writes belong to who attributes them). SQL faults are defects. */
export class BleTagsRepo extends Effect.Service<BleTagsRepo>()("BleTagsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    /** Tags with their structure, machine and person (a name and the id, never an e-mail), sorted by id. */
    const select = (where: Statement.Fragment) =>
      sql`SELECT t.id, t.type, t.cluster_id, cl.name AS cluster_name,
        m.id AS machine_id, m.name AS machine_name, m.cluster_id AS machine_cluster_id, mc.name AS machine_cluster_name,
        u.id AS user_id, u.firstname, u.lastname, u.name AS user_name,
        p.id AS product_type_id, p.name AS product_type_name
      FROM ble_tags t
      LEFT JOIN clusters cl ON cl.id = t.cluster_id
      LEFT JOIN machines m ON m.id = t.machine_id
      LEFT JOIN clusters mc ON mc.id = m.cluster_id
      LEFT JOIN users u ON u.id = t.user_id
      LEFT JOIN filter_entries p ON p.id = t.product_type_id
      WHERE ${where}
      ORDER BY t.id`.pipe(
        decodeAll(TagRow),
        Effect.map((rows) => rows.map(toTag)),
      )
    return {
      all: select(sql`true`),
      byId: (id: string) => select(sql`t.id = ${id}`).pipe(Effect.map(first)),
      /** Tags of the structures the person belongs to. */
      ofMember: (userId: string) =>
        select(sql`t.cluster_id IN (SELECT cluster_id FROM memberships WHERE user_id = ${userId})`),
    }
  }),
}) {}
