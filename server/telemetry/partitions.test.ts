import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, eventually, startTestApp, type TestApp } from "../test/app"
import { addBox, seedFixes } from "../test/fixes"
import { maintainPartitions, monthStart, monthsAhead, partitionName } from "./partitions"

const partitionsOf = (app: TestApp) =>
  app
    .sql(
      (sql) => sql<{ name: string }>`SELECT c.relname AS name FROM pg_inherits i
        JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'fixes'::regclass`,
    )
    .then((rows) => rows.map((r) => r.name).sort())

/** Where each fix of the box sits, by its time. */
const placement = (app: TestApp, counter: string) =>
  app
    .sql(
      (sql) => sql<{
        at: string
        partition: string
      }>`SELECT to_char(f.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS at,
          f.tableoid::regclass::text AS partition
        FROM fixes f JOIN telemetry_sources s ON s.id = f.source_id WHERE s.counter_id = ${counter} ORDER BY f.at`,
    )
    .then((rows) => rows.map((r) => `${r.at} ${r.partition}`))

const run = (app: TestApp, retention: number | undefined) =>
  app.sql((sql) => maintainPartitions(retention).pipe(Effect.provideService(SqlClient.SqlClient, sql)))

const day = (month: Date, d = 15) => new Date(month.getTime() + (d - 1) * 86_400_000).toISOString()

describe.each(backends)("fixes partitions on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("a recurring job keeps this month's partition and the next three, and runs at start", async () => {
    const now = new Date()
    const ahead = Array.from({ length: monthsAhead + 1 }, (_, i) => partitionName(monthStart(now, i)))
    expect(await partitionsOf(app)).toEqual(expect.arrayContaining([...ahead, "fixes_default"]))
    // The job ran once already and waits for its next period (one row, never deleted).
    const job = await eventually(async () => {
      const rows = await app.sql(
        (sql) => sql<{ later: boolean }>`SELECT run_at > now() + interval '1 hour' AS later
          FROM jobs WHERE kind = 'fixesPartitions'`,
      )
      return rows.length === 1 && rows[0]?.later ? rows : undefined
    })
    expect(job).toHaveLength(1)
  })

  it("moves a month's fixes out of the default partition into the partition it makes for it", async () => {
    const box = await addBox(app, `PART-${backend}`, null)
    const far = monthStart(new Date(), 9)
    const old = monthStart(new Date(), -14)
    const current = monthStart(new Date())
    await seedFixes(app, box, [{ t: day(far) }, { t: day(far, 20) }, { t: day(old) }, { t: day(current, 1) }])
    expect(await placement(app, box)).toEqual([
      `${day(old).slice(0, 10)} fixes_default`,
      `${day(current, 1).slice(0, 10)} ${partitionName(current)}`,
      `${day(far).slice(0, 10)} fixes_default`,
      `${day(far, 20).slice(0, 10)} fixes_default`,
    ])
    const report = await run(app, undefined)
    expect(report.created).toEqual(
      expect.arrayContaining([
        { name: partitionName(far), moved: 2 },
        { name: partitionName(old), moved: 1 },
      ]),
    )
    expect(report.dropped).toEqual([])
    expect(await placement(app, box)).toEqual([
      `${day(old).slice(0, 10)} ${partitionName(old)}`,
      `${day(current, 1).slice(0, 10)} ${partitionName(current)}`,
      `${day(far).slice(0, 10)} ${partitionName(far)}`,
      `${day(far, 20).slice(0, 10)} ${partitionName(far)}`,
    ])
    // Run again: nothing more to make, nothing moved twice.
    expect((await run(app, undefined)).created).toEqual([])
  })

  it("with a retention drops whole partitions older than it and says how many fixes went", async () => {
    const box = await addBox(app, `KEEP-${backend}`, null)
    const now = new Date()
    const ancient = monthStart(now, -30) // in no partition: the default one
    const expired = monthStart(now, -20) // its own partition (made below)
    const kept = monthStart(now, -2) // within 12 months
    await seedFixes(app, box, [{ t: day(expired) }, { t: day(expired, 3) }])
    await run(app, undefined) // makes the partition of `expired`
    await seedFixes(app, box, [{ t: day(ancient) }, { t: day(kept) }])
    expect(await partitionsOf(app)).toContain(partitionName(expired))
    const report = await run(app, 12)
    expect(report.dropped).toEqual(expect.arrayContaining([{ name: partitionName(expired), fixes: 2 }]))
    expect(report.dropped.map((d) => d.name)).not.toContain(partitionName(kept))
    expect(report.droppedFromDefault).toBe(1)
    expect(await partitionsOf(app)).not.toContain(partitionName(expired))
    expect(await placement(app, box)).toEqual([`${day(kept).slice(0, 10)} ${partitionName(kept)}`])
  })
})
