import { SqlClient } from "@effect/sql"
import { DateTime, Effect, Schema } from "effect"
import { ActivityNeighbour } from "../../src/schema/activity"
import { UnprocessableEntity } from "../../src/schema/errors"
import { ActivityId } from "../../src/schema/ids"
import { defaultSettings } from "../../src/schema/machine"
import { NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll, decodeFirst } from "../db/decode"
import { recomputeMachineDay } from "./recompute"

/**
 * A person splits an activity in two, or merges two that follow each other
 * (docs/activities.md#split-and-merge). Both are kept as what the engine reads (a cut, a join:
 * migration 0025), and the day is recomputed in the same transaction, so the answer is what the
 * engine now finds; when it does not find what was asked (two parts, one activity), nothing is
 * kept. The history says who did it and when, on the activities that result.
 */

const Row = Schema.Struct({
  id: ActivityId,
  machine_id: Schema.String,
  day: Schema.String,
  start_ms: NumericColumn,
  end_ms: NumericColumn,
  min_minutes: Schema.NullOr(NumericColumn),
})
type Row = typeof Row.Type
const Part = Schema.Struct({ id: ActivityId, start_ms: NumericColumn, end_ms: NumericColumn })
const Neighbour = Schema.Struct({ id: ActivityId, start_at: UtcColumn, end_at: UtcColumn })
const iso = (ms: number) => new Date(ms).toISOString()
/** The corrections a person can make, each a flag and its value (server/activities/store.ts). */
const carried = [
  ["member_edited", "edited_member_id"],
  ["product_type_edited", "edited_product_type_id"],
  ["fields_edited", "edited_field_ids"],
  ["drivers_edited", "edited_driver_ids"],
  ["auxiliaries_edited", "edited_auxiliary_ids"],
] as const

export class ActivitySplits extends Effect.Service<ActivitySplits>()("ActivitySplits", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const row = (id: string) =>
      sql`SELECT a.id, a.machine_id, a.day::text AS day, extract(epoch FROM a.start_at)::float8 * 1000 AS start_ms,
          extract(epoch FROM a.end_at)::float8 * 1000 AS end_ms,
          (m.settings ->> 'minActivityDurationMinutes')::float8 AS min_minutes
        FROM activities a JOIN machines m ON m.id = a.machine_id WHERE a.id = ${id} FOR UPDATE OF a`.pipe(
        decodeFirst(Row),
        Effect.orDie,
      )
    /** The machine's activities overlapping [from, to] (ms), in order. */
    const parts = (machineId: string, from: number, to: number) =>
      sql`SELECT id, extract(epoch FROM start_at)::float8 * 1000 AS start_ms,
          extract(epoch FROM end_at)::float8 * 1000 AS end_ms FROM activities
        WHERE machine_id = ${machineId} AND start_at <= ${iso(to)}::timestamptz AND end_at >= ${iso(from)}::timestamptz
        ORDER BY start_at`.pipe(decodeAll(Part), Effect.orDie)
    const history = (
      activity: string,
      machineId: string,
      by: string,
      field: "split" | "merge",
      from: string,
      to: string,
      at: number,
    ) =>
      sql`INSERT INTO activity_edits (activity_id, machine_id, edited_by, field, from_id, to_id, at_instant)
        VALUES (${activity}, ${machineId}, ${by}, ${field}, ${from}, ${to}, ${iso(at)}::timestamptz)`.pipe(
        Effect.orDie,
      )
    const neighbour = (order: "before" | "after", a: Row) =>
      (order === "before"
        ? sql`SELECT id, start_at, end_at FROM activities WHERE machine_id = ${a.machine_id} AND day = ${a.day}::date
            AND start_at < ${iso(a.start_ms)}::timestamptz ORDER BY start_at DESC LIMIT 1`
        : sql`SELECT id, start_at, end_at FROM activities WHERE machine_id = ${a.machine_id} AND day = ${a.day}::date
            AND start_at > ${iso(a.start_ms)}::timestamptz ORDER BY start_at LIMIT 1`
      ).pipe(
        decodeFirst(Neighbour),
        Effect.map((r) =>
          r ? ActivityNeighbour.make({ id: r.id, start: r.start_at, end: r.end_at }) : null,
        ),
        Effect.orDie,
      )

    return {
      /** The machine's activities just before and after `id` on its day. */
      neighbours: (id: string) =>
        Effect.gen(function* () {
          const a = yield* row(id)
          if (!a) return { previous: null, next: null }
          const [previous, next] = yield* Effect.all([neighbour("before", a), neighbour("after", a)])
          return { previous, next }
        }),
      /**
       * Cuts the activity at `at`: each part must last the machine's minimum activity duration. The
       * two parts, in order (one keeps the activity's id, its corrections and history).
       */
      split: (id: string, at: DateTime.Utc, by: string) =>
        sql.withTransaction(
          Effect.gen(function* () {
            const a = yield* row(id)
            if (!a) return []
            const cut = DateTime.toEpochMillis(at)
            const min = (a.min_minutes ?? defaultSettings.minActivityDurationMinutes) * 60_000
            if (!(cut >= a.start_ms + min && cut <= a.end_ms - min))
              return yield* Effect.fail(UnprocessableEntity.of("splitOutside"))
            yield* sql`INSERT INTO activity_cuts (machine_id, at, made_by) VALUES (${a.machine_id}, ${iso(cut)}::timestamptz, ${by})
              ON CONFLICT DO NOTHING`.pipe(Effect.orDie)
            yield* recomputeMachineDay(a.machine_id, a.day)
            const found = yield* parts(a.machine_id, a.start_ms, a.end_ms)
            const before = found.filter((p) => p.end_ms <= cut).at(-1)
            const after = found.find((p) => p.start_ms >= cut)
            if (!before || !after) return yield* Effect.fail(UnprocessableEntity.of("splitFailed"))
            yield* history(before.id, a.machine_id, by, "split", id, after.id, cut)
            yield* history(after.id, a.machine_id, by, "split", id, before.id, cut)
            return [before.id, after.id]
          }),
        ),
      /**
       * Merges the activity with `other`, of the same machine and day with none between them: the
       * person's cuts between them are undone, the span joined, and the day recomputed. The merged
       * activity's id (the one of the two it overlaps most), none when either is unknown.
       */
      merge: (id: string, otherId: string, by: string) =>
        sql.withTransaction(
          Effect.gen(function* () {
            const a = yield* row(id)
            const b = yield* row(otherId)
            if (!a || !b) return undefined
            if (a.id === b.id || a.machine_id !== b.machine_id || a.day !== b.day)
              return yield* Effect.fail(UnprocessableEntity.of("mergeNotAllowed"))
            const [first, second] = a.start_ms <= b.start_ms ? [a, b] : [b, a]
            const between = (yield* parts(a.machine_id, first.start_ms, second.end_ms)).filter(
              (p) =>
                p.id !== a.id && p.id !== b.id && p.start_ms > first.start_ms && p.start_ms < second.start_ms,
            )
            if (between.length > 0) return yield* Effect.fail(UnprocessableEntity.of("mergeNotAllowed"))
            yield* sql`DELETE FROM activity_cuts WHERE machine_id = ${a.machine_id}
              AND at > ${iso(first.start_ms)}::timestamptz AND at < ${iso(second.end_ms)}::timestamptz`.pipe(
              Effect.orDie,
            )
            yield* sql`INSERT INTO activity_joins (machine_id, start_at, end_at, made_by)
              VALUES (${a.machine_id}, ${iso(first.start_ms)}::timestamptz, ${iso(second.end_ms)}::timestamptz, ${by})
              ON CONFLICT DO NOTHING`.pipe(Effect.orDie)
            // Whichever of the two the merged activity continues, it keeps the corrections the other
            // had and it had not (its own win where both were corrected).
            for (const [flag, value] of carried) {
              const [f, v] = [sql.unsafe(flag), sql.unsafe(value)]
              yield* sql`UPDATE activities t SET ${f} = true, ${v} = s.${v} FROM activities s
                WHERE t.machine_id = ${a.machine_id} AND s.machine_id = ${a.machine_id}
                  AND t.id IN (${a.id}, ${b.id}) AND s.id IN (${a.id}, ${b.id}) AND s.id <> t.id
                  AND s.${f} AND NOT t.${f}`.pipe(Effect.orDie)
            }
            yield* recomputeMachineDay(a.machine_id, a.day)
            // One activity now holds the middle of both, or the engine could not join them (a
            // midnight, a booking's bound between them): nothing is kept.
            const firstMid = (first.start_ms + first.end_ms) / 2
            const secondMid = (second.start_ms + second.end_ms) / 2
            const merged = (yield* parts(a.machine_id, firstMid, secondMid)).find(
              (p) => p.start_ms <= firstMid && p.end_ms >= secondMid,
            )
            if (!merged) return yield* Effect.fail(UnprocessableEntity.of("mergeNotAllowed"))
            const absorbed = merged.id === first.id ? second : first
            // What was said and done about the absorbed one stays, with the merged one.
            for (const table of ["activity_edits", "activity_disputes", "activity_confirmations"])
              yield* sql`UPDATE ${sql.unsafe(table)} SET activity_id = ${merged.id}
                WHERE machine_id = ${a.machine_id} AND activity_id = ${absorbed.id}`.pipe(Effect.orDie)
            yield* history(merged.id, a.machine_id, by, "merge", absorbed.id, merged.id, absorbed.start_ms)
            return merged.id
          }),
        ),
    }
  }),
}) {}
