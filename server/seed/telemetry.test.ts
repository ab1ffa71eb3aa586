import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, startTestApp, type TestApp } from "../test/app"

interface DayRow {
  readonly machine: string
  readonly day: string
  readonly fixes: number
  readonly first: string
  readonly last: string
  readonly implement: number
  readonly pto: number
  readonly can: number
}

describe.each(backends)("the demo's week of telemetry on %s", (backend) => {
  let app: TestApp
  let rows: ReadonlyArray<DayRow>
  let now: number
  beforeAll(async () => {
    app = await startTestApp(backend, { seedDemo: true, demoTelemetryDays: 7 })
    now = Date.now()
    // A machine's fixes: its boxes' fixes within their associations' periods.
    rows = await app.sql(
      (sql) => sql<DayRow>`SELECT m.name AS machine, to_char(f.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
          count(*)::int AS fixes, min(f.at)::text AS first, max(f.at)::text AS last,
          count(*) FILTER (WHERE f.tags @> '[{"id": "BLE-0001"}]')::int AS implement,
          count(*) FILTER (WHERE (f.can->>'pto')::int > 0)::int AS pto,
          count(f.can)::int AS can
        FROM machines m
        JOIN counter_associations a ON a.machine_id = m.id
        JOIN telemetry_sources s ON s.counter_id = a.counter_id
        JOIN fixes f ON f.source_id = s.id AND f.at >= a.start_date AND f.at < coalesce(a.end_date, '2150-01-01T00:00Z')
        GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    // A new demo database (with a week of telemetry) on a loaded machine takes a while.
  }, 300_000)
  afterAll(() => app?.close())

  const today = () => new Date(now).toISOString().slice(0, 10)
  const weekAgo = () =>
    new Date(Date.parse(`${today()}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10)

  it("gives the tractor and the combine harvester working days over the last 7 days, none in the future", () => {
    const byMachine = new Map<string, Array<DayRow>>()
    for (const r of rows) byMachine.set(r.machine, [...(byMachine.get(r.machine) ?? []), r])
    expect([...byMachine.keys()]).toEqual(["Moissonneuse Claas Lexion 760", "Tracteur John Deere 6155R"])
    for (const days of byMachine.values()) {
      // Most days worked (Sundays off, now and then a day in the shed; today only until now).
      expect(days.filter((d) => d.day < today()).length).toBeGreaterThanOrEqual(3)
      for (const d of days) {
        expect(d.day >= weekAgo() && d.day <= today()).toBe(true)
        expect(Date.parse(d.last)).toBeLessThanOrEqual(now)
        // A working day: thousands of fixes, from the morning to the evening.
        if (d.day < today()) {
          expect(d.fixes).toBeGreaterThan(2000)
          expect(Date.parse(d.last) - Date.parse(d.first)).toBeGreaterThan(4 * 3600_000)
        }
      }
    }
  })

  it("has the tractor pull the seeder (its tag heard, the PTO turning) and the combine report CAN without PTO", () => {
    const tractor = rows.filter((r) => r.machine.startsWith("Tracteur"))
    const combine = rows.filter((r) => r.machine.startsWith("Moissonneuse"))
    for (const d of tractor) {
      expect(d.implement).toBe(d.fixes)
      expect(d.pto).toBeGreaterThan(0)
    }
    for (const d of combine) {
      expect(d.implement).toBe(0)
      expect(d.pto).toBe(0)
      expect(d.can).toBeGreaterThan(0)
    }
  })
})
