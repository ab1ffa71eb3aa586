import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import { BleTag } from "../../src/schema/counter"
import { BleTagId, ClusterId, MachineId, UserId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"

export interface TagRow {
  readonly id: string
  readonly type: "machine" | "user"
  readonly cluster_id: string | null
  readonly cluster_name: string | null
  readonly machine_id: string | null
  readonly machine_name: string | null
  readonly machine_cluster_id: string | null
  readonly machine_cluster_name: string | null
  readonly user_id: string | null
  readonly firstname: string | null
  readonly lastname: string | null
  readonly user_name: string | null
}

export const toTag = (r: TagRow) =>
  new BleTag({
    id: BleTagId.make(r.id),
    type: r.type,
    cluster: r.cluster_id === null ? null : { id: ClusterId.make(r.cluster_id), name: r.cluster_name ?? "" },
    machine:
      r.machine_id === null
        ? null
        : new MachineSummary({
            id: MachineId.make(r.machine_id),
            name: r.machine_name ?? "",
            cluster: { id: ClusterId.make(r.machine_cluster_id ?? ""), name: r.machine_cluster_name ?? "" },
          }),
    user:
      r.user_id === null
        ? null
        : {
            id: UserId.make(r.user_id),
            firstname: r.firstname ?? "",
            lastname: r.lastname ?? "",
            name: r.user_name,
          },
  })

/** Tags with their structure, machine and person (a name and the id, never an e-mail), sorted by id. */
export const selectTags = (where: (sql: SqlClient.SqlClient) => Statement.Fragment) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) =>
      sql<TagRow>`SELECT t.id, t.type, t.cluster_id, cl.name AS cluster_name,
        m.id AS machine_id, m.name AS machine_name, m.cluster_id AS machine_cluster_id, mc.name AS machine_cluster_name,
        u.id AS user_id, u.firstname, u.lastname, u.name AS user_name
      FROM ble_tags t
      LEFT JOIN clusters cl ON cl.id = t.cluster_id
      LEFT JOIN machines m ON m.id = t.machine_id
      LEFT JOIN clusters mc ON mc.id = m.cluster_id
      LEFT JOIN users u ON u.id = t.user_id
      WHERE ${where(sql)}
      ORDER BY t.id`,
  ).pipe(
    Effect.map((rows) => rows.map(toTag)),
    Effect.orDie,
  )
