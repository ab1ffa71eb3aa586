import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The monthly partitions of `fixes` (migration 0014): created ahead by a recurring job, and, when a
 * retention is set, whole old ones dropped — never silently: each drop is logged with its count.
 *
 * A fix whose month has no partition lands in `fixes_default` (nothing is refused for want of a
 * partition). When the job creates the partition of a month, it moves that month's rows out of
 * `fixes_default` in the same transaction (PostgreSQL refuses a partition whose rows sit in the
 * default one), so a box replaying a month nobody expected ends up in its own partition too.
 */

/** Months ahead of the current one that always have their partition. */
export const monthsAhead = 3

const pad = (n: number) => String(n).padStart(2, "0")
/** The first instant of the month `offset` months after `date`'s, UTC. */
export const monthStart = (date: Date, offset = 0) =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1))
export const partitionName = (month: Date) =>
  `fixes_${month.getUTCFullYear()}_${pad(month.getUTCMonth() + 1)}`
const nameToMonth = (name: string): Date | undefined => {
  const m = /^fixes_(\d{4})_(\d{2})$/.exec(name)
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) : undefined
}

export interface PartitionsReport {
  /** Partitions made, with how many rows each took from the default partition. */
  readonly created: ReadonlyArray<{ readonly name: string; readonly moved: number }>
  /** Partitions dropped by the retention, with the fixes they held. */
  readonly dropped: ReadonlyArray<{ readonly name: string; readonly fixes: number }>
  /** Fixes older than the retention deleted from the default partition. */
  readonly droppedFromDefault: number
}

/**
 * Makes the partitions of this month and the next `monthsAhead`, and of every month that has rows
 * in the default partition (within the retention); with `retentionMonths`, drops the partitions
 * wholly older than that many months before this month's start.
 */
export const maintainPartitions = (retentionMonths: number | undefined, now = new Date()) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const thisMonth = monthStart(now)
    const cutoff = retentionMonths === undefined ? undefined : monthStart(now, -retentionMonths)
    const partitions = yield* sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'fixes'::regclass`
    const existing = new Set(partitions.map((p) => p.name))
    const stray = yield* sql<{ month: string }>`SELECT DISTINCT
        to_char(date_trunc('month', at AT TIME ZONE 'UTC'), 'YYYY-MM-01') AS month FROM fixes_default`
    const wanted = new Map<string, Date>()
    for (let offset = 0; offset <= monthsAhead; offset++) {
      const month = monthStart(thisMonth, offset)
      wanted.set(partitionName(month), month)
    }
    for (const { month } of stray) {
      const start = new Date(`${month}T00:00:00Z`)
      if (cutoff === undefined || start >= cutoff) wanted.set(partitionName(start), start)
    }

    const created: Array<{ name: string; moved: number }> = []
    for (const [name, month] of [...wanted].sort(([a], [b]) => a.localeCompare(b))) {
      if (existing.has(name)) continue
      const from = month.toISOString()
      const to = monthStart(month, 1).toISOString()
      const moved = yield* sql.withTransaction(
        Effect.gen(function* () {
          yield* sql.unsafe(`CREATE TEMP TABLE fixes_moving (LIKE fixes) ON COMMIT DROP`)
          yield* sql`WITH moved AS (
              DELETE FROM fixes_default WHERE at >= ${from}::timestamptz AND at < ${to}::timestamptz RETURNING *)
            INSERT INTO fixes_moving SELECT * FROM moved`
          yield* sql.unsafe(
            `CREATE TABLE ${name} PARTITION OF fixes FOR VALUES FROM ('${from}') TO ('${to}')`,
          )
          const [row] = yield* sql<{ n: number }>`WITH put AS (
              INSERT INTO fixes SELECT * FROM fixes_moving RETURNING 1) SELECT count(*)::int AS n FROM put`
          return row?.n ?? 0
        }),
      )
      created.push({ name, moved })
      yield* Effect.logInfo(
        `Fixes: partition ${name} created${moved > 0 ? `, ${moved} fixes moved into it from fixes_default` : ""}`,
      )
    }

    const dropped: Array<{ name: string; fixes: number }> = []
    let droppedFromDefault = 0
    if (cutoff !== undefined) {
      for (const name of [...existing].sort()) {
        const month = nameToMonth(name)
        if (month === undefined || monthStart(month, 1) > cutoff) continue
        const [row] = yield* sql.unsafe<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`)
        yield* sql.unsafe(`DROP TABLE ${name}`)
        dropped.push({ name, fixes: row?.n ?? 0 })
        yield* Effect.logWarning(
          `Fixes: partition ${name} dropped (FIXES_RETENTION_MONTHS=${retentionMonths}): ${row?.n ?? 0} fixes older than ${cutoff.toISOString()} deleted`,
        )
      }
      const [old] = yield* sql<{ n: number }>`WITH gone AS (
          DELETE FROM fixes_default WHERE at < ${cutoff.toISOString()}::timestamptz RETURNING 1)
        SELECT count(*)::int AS n FROM gone`
      droppedFromDefault = old?.n ?? 0
      if (droppedFromDefault > 0)
        yield* Effect.logWarning(
          `Fixes: ${droppedFromDefault} fixes older than ${cutoff.toISOString()} deleted from fixes_default (FIXES_RETENTION_MONTHS=${retentionMonths})`,
        )
    }
    return { created, dropped, droppedFromDefault } satisfies PartitionsReport
  }).pipe(Effect.withSpan("Telemetry.partitions"))
