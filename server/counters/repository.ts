import { SqlClient, type Statement } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, DateTime, Effect, Layer } from "effect"
import { Counter, CounterAssociation } from "../../src/schema/counter"
import { AssociationId, ClusterId, CounterId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"

/** SQLSTATE of a failed statement, whichever driver ran it (node-postgres and PGlite both set `code`). */
export const sqlState = (error: SqlError): unknown => (error.cause as { code?: unknown } | undefined)?.code

/** 23P01: the exclusion constraint refused an overlap of two associations of one box. */
export const isOverlap = (error: SqlError) => sqlState(error) === "23P01"

const date = (value: Date | string) => DateTime.unsafeMake(new Date(value))
const orNull = (value: Date | string | null) => (value === null ? null : date(value))

/** An instant as SQL receives it (text cast to timestamptz: the same on both drivers). */
export const at = (value: DateTime.Utc) => DateTime.formatIso(value)

export interface CounterRow {
  readonly id: string
  readonly battery: number | null
  readonly last_communication: Date | string | null
  readonly cluster_id: string | null
  readonly cluster_name: string | null
  readonly machine_id: string | null
  readonly machine_name: string | null
  readonly machine_cluster_id: string | null
  readonly machine_cluster_name: string | null
}

export const toCounter = (r: CounterRow) =>
  new Counter({
    id: CounterId.make(r.id),
    battery: r.battery === null ? null : Number(r.battery),
    lastCommunication: orNull(r.last_communication),
    cluster: r.cluster_id === null ? null : { id: ClusterId.make(r.cluster_id), name: r.cluster_name ?? "" },
    machine:
      r.machine_id === null
        ? null
        : new MachineSummary({
            id: MachineId.make(r.machine_id),
            name: r.machine_name ?? "",
            cluster: { id: ClusterId.make(r.machine_cluster_id ?? ""), name: r.machine_cluster_name ?? "" },
          }),
  })

export interface AssociationRow {
  readonly id: string
  readonly counter_id: string
  readonly machine_id: string
  readonly machine_name: string
  readonly machine_cluster_id: string
  readonly machine_cluster_name: string
  readonly cluster_id: string
  readonly cluster_name: string
  readonly start_date: Date | string
  readonly end_date: Date | string | null
}

export const toAssociation = (r: AssociationRow) =>
  new CounterAssociation({
    id: AssociationId.make(r.id),
    counter: CounterId.make(r.counter_id),
    machines: [
      new MachineSummary({
        id: MachineId.make(r.machine_id),
        name: r.machine_name,
        cluster: { id: ClusterId.make(r.machine_cluster_id), name: r.machine_cluster_name },
      }),
    ],
    cluster: { id: ClusterId.make(r.cluster_id), name: r.cluster_name },
    start_date: date(r.start_date),
    end_date: orNull(r.end_date),
  })

export interface MachineKeys {
  readonly id: string
  readonly cluster_id: string
}

/** SQL of boxes and their associations. SQL faults are defects, except an overlap (typed by the caller). */
export class CountersRepo extends Context.Tag("CountersRepo")<
  CountersRepo,
  {
    /** Boxes of the structures `userId` belongs to (all boxes when undefined), sorted by id. */
    readonly list: (userId: string | undefined) => Effect.Effect<ReadonlyArray<Counter>>
    readonly get: (id: string) => Effect.Effect<Counter | undefined>
    /**
     * The box's structure, its row locked until the transaction ends (FOR NO KEY UPDATE: an
     * administrator's move waits, and so does every other writer of this box's associations, so two
     * never meet uncommitted in the exclusion constraint and deadlock); undefined when there is no box.
     */
    readonly lockCluster: (id: string) => Effect.Effect<{ readonly cluster_id: string | null } | undefined>
    /** The box's associations made in `clusterId` (its current structure): another's history stays theirs. */
    readonly associationsOfCounter: (
      counterId: string,
      clusterId: string,
    ) => Effect.Effect<ReadonlyArray<CounterAssociation>>
    readonly associationsOfMachine: (machineId: string) => Effect.Effect<ReadonlyArray<CounterAssociation>>
    readonly association: (id: string) => Effect.Effect<CounterAssociation | undefined>
    readonly machine: (id: string) => Effect.Effect<MachineKeys | undefined>
    readonly insertAssociation: (a: {
      counterId: string
      machineId: string
      clusterId: string
      start: DateTime.Utc
      end: DateTime.Utc | null
    }) => Effect.Effect<string, SqlError>
    readonly updateDates: (
      id: string,
      start: DateTime.Utc,
      end: DateTime.Utc | null,
    ) => Effect.Effect<void, SqlError>
    readonly deleteAssociation: (id: string) => Effect.Effect<void>
    /** Ends now every association of the machine that is current (start ≤ now < end); the ids ended. */
    readonly endCurrent: (machineId: string) => Effect.Effect<ReadonlyArray<string>>
    /** Members of the structure holding `right`. */
    readonly holders: (clusterId: string, right: string) => Effect.Effect<ReadonlyArray<string>>
  }
>() {}

/** Boxes with the machine each is on now — in the box's current structure only (never another's). */
export const counterSelect = (sql: SqlClient.SqlClient) => sql`
  SELECT c.id, c.battery, c.last_communication, c.cluster_id, cl.name AS cluster_name,
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

/** Associations matching `where`, newest first (by start date). */
export const selectAssociations = (where: Statement.Fragment) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql<AssociationRow>`${associationSelect(sql)} WHERE ${where} ORDER BY a.start_date DESC, a.id`,
  ).pipe(
    Effect.map((rows) => rows.map(toAssociation)),
    Effect.orDie,
  )

export const CountersRepoLive = Layer.effect(
  CountersRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provideSql = Effect.provideService(SqlClient.SqlClient, sql)
    const associations = (where: Statement.Fragment) => selectAssociations(where).pipe(provideSql)
    return {
      list: (userId) =>
        sql<CounterRow>`${counterSelect(sql)}
          WHERE ${userId === undefined ? sql`true` : sql`c.cluster_id IN (SELECT cluster_id FROM memberships WHERE user_id = ${userId})`}
          ORDER BY c.id`.pipe(
          Effect.map((rows) => rows.map(toCounter)),
          Effect.orDie,
        ),
      get: (id) =>
        sql<CounterRow>`${counterSelect(sql)} WHERE c.id = ${id}`.pipe(
          Effect.map((rows) => (rows[0] ? toCounter(rows[0]) : undefined)),
          Effect.orDie,
        ),
      associationsOfCounter: (counterId, clusterId) =>
        associations(sql`a.counter_id = ${counterId} AND a.cluster_id = ${clusterId}`),
      lockCluster: (id) =>
        sql<{
          cluster_id: string | null
        }>`SELECT cluster_id FROM counters WHERE id = ${id} FOR NO KEY UPDATE`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      associationsOfMachine: (machineId) => associations(sql`a.machine_id = ${machineId}`),
      association: (id) => associations(sql`a.id = ${id}`).pipe(Effect.map((rows) => rows[0])),
      machine: (id) =>
        sql<MachineKeys>`SELECT id, cluster_id FROM machines WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      insertAssociation: (a) =>
        sql<{
          id: string
        }>`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date, end_date)
          VALUES (${a.counterId}, ${a.machineId}, ${a.clusterId}, ${at(a.start)}::timestamptz,
                  ${a.end === null ? null : at(a.end)}::timestamptz)
          RETURNING id`.pipe(Effect.map((rows) => rows[0].id)),
      updateDates: (id, start, end) =>
        sql`UPDATE counter_associations SET start_date = ${at(start)}::timestamptz,
              end_date = ${end === null ? null : at(end)}::timestamptz
            WHERE id = ${id}`.pipe(Effect.asVoid),
      deleteAssociation: (id) =>
        sql`DELETE FROM counter_associations WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      endCurrent: (machineId) =>
        // One that started this very instant still gets a period (the smallest there is), never an empty one.
        sql<{
          id: string
        }>`UPDATE counter_associations SET end_date = greatest(now(), start_date + interval '1 microsecond')
          WHERE machine_id = ${machineId} AND start_date <= now()
            AND now() < coalesce(end_date, '2150-01-01T00:00:00Z'::timestamptz)
          RETURNING id`.pipe(
          Effect.map((rows) => rows.map((r) => r.id)),
          Effect.orDie,
        ),
      holders: (clusterId, right) =>
        sql<{ user_id: string }>`SELECT user_id FROM memberships
          WHERE cluster_id = ${clusterId} AND ${right} = ANY(rights)`.pipe(
          Effect.map((rows) => rows.map((r) => r.user_id)),
          Effect.orDie,
        ),
    }
  }),
)
