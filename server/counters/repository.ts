import { SqlClient, type Statement } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { DateTime, Effect, Schema } from "effect"
import { decodeAll, decodeFirst, decodeSingleOrSqlError, first, IdRow } from "../db/decode"
import { sqlState } from "../db/errors"
import { rebuild } from "../rollups/sql"
import {
  AssociationRow,
  associationSelect,
  CounterRow,
  counterSelect,
  toAssociation,
  toCounter,
} from "./rows"

/** 23P01: the exclusion constraint refused an overlap of two associations of one box. */
export const isOverlap = (error: SqlError) => sqlState(error) === "23P01"

/** An instant as SQL receives it (text cast to timestamptz: the same on both drivers). */
export const at = (value: DateTime.Utc) => DateTime.formatIso(value)

const MachineKeys = Schema.Struct({ id: Schema.String, cluster_id: Schema.String })
const BoxCluster = Schema.Struct({ cluster_id: Schema.NullOr(Schema.String) })
const GrantCount = Schema.Struct({ n: Schema.Number })
const UserIdRow = Schema.Struct({ user_id: Schema.String })

/** SQL of boxes and their associations. SQL faults are defects, except an overlap (typed by the caller). */
export class CountersRepo extends Effect.Service<CountersRepo>()("CountersRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const counters = (where: Statement.Fragment) =>
      sql`${counterSelect(sql)} WHERE ${where} ORDER BY c.id`.pipe(
        decodeAll(CounterRow),
        Effect.map((rows) => rows.map(toCounter)),
      )
    /** Associations matching `where`, newest first (by start date). */
    const associations = (where: Statement.Fragment) =>
      sql`${associationSelect(sql)} WHERE ${where} ORDER BY a.start_date DESC, a.id`.pipe(
        decodeAll(AssociationRow),
        Effect.map((rows) => rows.map(toAssociation)),
      )
    return {
      /** Boxes of the structures `userId` belongs to (all boxes when undefined), sorted by id. */
      list: (userId: string | undefined) =>
        counters(
          userId === undefined
            ? sql`true`
            : sql`c.cluster_id IN (SELECT cluster_id FROM memberships WHERE user_id = ${userId})`,
        ),
      get: (id: string) => counters(sql`c.id = ${id}`).pipe(Effect.map(first)),
      /**
       * The box's structure, its row locked until the transaction ends (FOR NO KEY UPDATE: an
       * administrator's move waits, and so does every other writer of this box's associations, so two
       * never meet uncommitted in the exclusion constraint and deadlock); undefined when there is no box.
       */
      lockCluster: (id: string) =>
        sql`SELECT cluster_id FROM counters WHERE id = ${id} FOR NO KEY UPDATE`.pipe(decodeFirst(BoxCluster)),
      /** The box's associations made in `clusterId` (its current structure): another's history stays theirs. */
      associationsOfCounter: (counterId: string, clusterId: string) =>
        associations(sql`a.counter_id = ${counterId} AND a.cluster_id = ${clusterId}`),
      /** Every association the box ever had, whatever the structure (the administrators' view). */
      historyOfCounter: (counterId: string) => associations(sql`a.counter_id = ${counterId}`),
      associationsOfMachine: (machineId: string) => associations(sql`a.machine_id = ${machineId}`),
      association: (id: string) => associations(sql`a.id = ${id}`).pipe(Effect.map(first)),
      machine: (id: string) =>
        sql`SELECT id, cluster_id FROM machines WHERE id = ${id}`.pipe(decodeFirst(MachineKeys)),
      insertAssociation: (a: {
        counterId: string
        machineId: string
        clusterId: string
        start: DateTime.Utc
        end: DateTime.Utc | null
      }): Effect.Effect<string, SqlError> =>
        sql`INSERT INTO counter_associations (counter_id, machine_id, cluster_id, start_date, end_date)
          VALUES (${a.counterId}, ${a.machineId}, ${a.clusterId}, ${at(a.start)}::timestamptz,
                  ${a.end === null ? null : at(a.end)}::timestamptz)
          RETURNING id`.pipe(
          decodeSingleOrSqlError(IdRow),
          Effect.map((row) => row.id),
        ),
      updateDates: (
        id: string,
        start: DateTime.Utc,
        end: DateTime.Utc | null,
      ): Effect.Effect<void, SqlError> =>
        sql`UPDATE counter_associations SET start_date = ${at(start)}::timestamptz,
              end_date = ${end === null ? null : at(end)}::timestamptz
            WHERE id = ${id}`.pipe(Effect.asVoid),
      deleteAssociation: (id: string) =>
        sql`DELETE FROM counter_associations WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      /**
       * SPEC §4: deleting an association deletes its data — the box's fixes within its period
       * [start, end ?? 2150-01-01). Fixes are attributed at read time, so nothing else holds them.
       */
      deleteFixesOfPeriod: (counterId: string, start: DateTime.Utc, end: DateTime.Utc | null) =>
        Effect.gen(function* () {
          const gone = yield* sql<{
            source_id: string
            lo: number | string
            hi: number | string
          }>`WITH gone AS (
              DELETE FROM fixes
              WHERE source_id IN (SELECT id FROM telemetry_sources WHERE counter_id = ${counterId})
                AND at >= ${at(start)}::timestamptz
                AND at < ${end === null ? "2150-01-01T00:00:00Z" : at(end)}::timestamptz
              RETURNING source_id, at)
            SELECT source_id, extract(epoch FROM min(at)) * 1000 AS lo, extract(epoch FROM max(at)) * 1000 AS hi
            FROM gone GROUP BY source_id`
          // The rollups of the days the deleted fixes were in, summed again from what is left.
          for (const g of gone)
            yield* rebuild(g.source_id, Number(g.lo), Number(g.hi) + 1).pipe(
              Effect.provideService(SqlClient.SqlClient, sql),
            )
        }).pipe(Effect.orDie),
      /** Ends now every association of the machine that is current (start ≤ now < end); the ids ended. */
      endCurrent: (machineId: string) =>
        // One that started this very instant still gets a period (the smallest there is), never an empty one.
        sql`UPDATE counter_associations SET end_date = greatest(now(), start_date + interval '1 microsecond')
          WHERE machine_id = ${machineId} AND start_date <= now()
            AND now() < coalesce(end_date, '2150-01-01T00:00:00Z'::timestamptz)
          RETURNING id`.pipe(
          decodeAll(IdRow),
          Effect.map((rows) => rows.map((r) => r.id)),
        ),
      /** How many grants the user holds on the machine (0 without a row). */
      grantCount: (machineId: string, userId: string) =>
        sql`SELECT cardinality(grants)::int AS n FROM machine_grants
          WHERE machine_id = ${machineId} AND user_id = ${userId}`.pipe(
          decodeFirst(GrantCount),
          Effect.map((row) => row?.n ?? 0),
        ),
      /** Members of the structure holding `right`. */
      holders: (clusterId: string, right: string) =>
        sql`SELECT user_id FROM memberships WHERE cluster_id = ${clusterId} AND ${right} = ANY(rights)`.pipe(
          decodeAll(UserIdRow),
          Effect.map((rows) => rows.map((r) => r.user_id)),
        ),
    }
  }),
}) {}
