import type { SqlClient } from "@effect/sql"
import { Schema } from "effect"
import { Counter, CounterAssociation, CounterKind } from "../../src/schema/counter"
import { AssociationId, ClusterId, CounterId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { NumericColumn, UtcColumn } from "../db/columns"

const Text = Schema.NullOr(Schema.String)

/** A box with its structure and the machine it is on now (`counterSelect`). */
export const CounterRow = Schema.Struct({
  id: CounterId,
  kind: CounterKind,
  secret_issued_at: Schema.NullOr(UtcColumn),
  battery: Schema.NullOr(NumericColumn),
  last_communication: Schema.NullOr(UtcColumn),
  cluster_id: Schema.NullOr(ClusterId),
  cluster_name: Text,
  machine_id: Schema.NullOr(MachineId),
  machine_name: Text,
  machine_cluster_id: Schema.NullOr(ClusterId),
  machine_cluster_name: Text,
})

export const toCounter = (r: typeof CounterRow.Type) =>
  new Counter({
    id: r.id,
    kind: r.kind,
    secretIssuedAt: r.secret_issued_at,
    battery: r.battery,
    lastCommunication: r.last_communication,
    cluster: r.cluster_id === null ? null : { id: r.cluster_id, name: r.cluster_name ?? "" },
    machine:
      r.machine_id === null || r.machine_cluster_id === null
        ? null
        : new MachineSummary({
            id: r.machine_id,
            name: r.machine_name ?? "",
            cluster: { id: r.machine_cluster_id, name: r.machine_cluster_name ?? "" },
          }),
  })

/** An association with its machine and structure (`associationSelect`). */
export const AssociationRow = Schema.Struct({
  id: AssociationId,
  counter_id: CounterId,
  machine_id: MachineId,
  machine_name: Schema.String,
  machine_cluster_id: ClusterId,
  machine_cluster_name: Schema.String,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
  start_date: UtcColumn,
  end_date: Schema.NullOr(UtcColumn),
})

export const toAssociation = (r: typeof AssociationRow.Type) =>
  new CounterAssociation({
    id: r.id,
    counter: r.counter_id,
    machines: [
      new MachineSummary({
        id: r.machine_id,
        name: r.machine_name,
        cluster: { id: r.machine_cluster_id, name: r.machine_cluster_name },
      }),
    ],
    cluster: { id: r.cluster_id, name: r.cluster_name },
    start_date: r.start_date,
    end_date: r.end_date,
  })

/** Boxes with the machine each is on now — in the box's current structure only (never another's). */
export const counterSelect = (sql: SqlClient.SqlClient) => sql`
  SELECT c.id, c.kind, c.secret_issued_at, c.battery, c.last_communication, c.cluster_id, cl.name AS cluster_name,
         m.id AS machine_id, m.name AS machine_name, m.cluster_id AS machine_cluster_id,
         mc.name AS machine_cluster_name
  FROM counters c
  LEFT JOIN clusters cl ON cl.id = c.cluster_id
  LEFT JOIN LATERAL (
    SELECT a.machine_id FROM counter_associations a
    WHERE a.counter_id = c.id AND a.cluster_id = c.cluster_id AND a.start_date <= now()
      AND now() < coalesce(a.end_date, '2150-01-01T00:00:00Z'::timestamptz)
    ORDER BY a.start_date DESC LIMIT 1
  ) cur ON true
  LEFT JOIN machines m ON m.id = cur.machine_id
  LEFT JOIN clusters mc ON mc.id = m.cluster_id`

export const associationSelect = (sql: SqlClient.SqlClient) => sql`
  SELECT a.id, a.counter_id, a.machine_id, m.name AS machine_name, m.cluster_id AS machine_cluster_id,
         mc.name AS machine_cluster_name, a.cluster_id, cl.name AS cluster_name, a.start_date, a.end_date
  FROM counter_associations a
  JOIN machines m ON m.id = a.machine_id
  JOIN clusters mc ON mc.id = m.cluster_id
  JOIN clusters cl ON cl.id = a.cluster_id`
