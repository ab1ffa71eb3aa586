import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../seed"
import { backends, publicUrl, startTestApp, type TestApp } from "../test/app"
import { type RunOptions, runSimulation } from "./run"

describe.each(backends)("npm run simulate on %s", (backend) => {
  let app: TestApp
  let truthDir: string
  let options: RunOptions
  beforeAll(async () => {
    app = await startTestApp(backend, { seedDemo: true })
    truthDir = await mkdtemp(join(tmpdir(), "sillon-truth-"))
    options = {
      server: publicUrl,
      email: demoSignIn.email,
      password: demoSignIn.password,
      days: 1,
      hours: 2,
      seed: 5,
      speedUp: "all",
      secrets: {},
      rotate: true,
      truthDir,
      // The app in process, reached as a server would be.
      fetch: app.fetch,
    }
    // A new demo database on a loaded machine takes a while.
  }, 300_000)
  afterAll(async () => {
    await app?.close()
    if (truthDir) await rm(truthDir, { recursive: true, force: true })
  })

  const stored = (box: string) =>
    app.sql(
      (sql) => sql<{ n: number; vib: number; can: number }>`SELECT count(*)::int AS n,
          count(f.vibration)::int AS vib, count(f.can)::int AS can
        FROM fixes f JOIN telemetry_sources s ON s.id = f.source_id WHERE s.counter_id = ${box}`,
    )

  it("sends the demo boxes' day through the ingest endpoint: every fix stored once, the replays known", async () => {
    const reports = await runSimulation(options)
    expect(reports.map((r) => [r.box, r.kind, r.days])).toEqual([
      ["SIL-0001", "box", 1],
      ["SIL-0003", "box", 1],
    ])
    for (const r of reports) {
      expect(r.failures).toBe(0)
      expect(r.refused).toBe(0)
      expect(r.fixes).toBeGreaterThan(500)
      // Each fix stored once; what a replay sent twice was known the second time.
      expect(r.new).toBe(r.fixes)
      const [row] = await stored(r.box)
      expect(row?.n).toBe(r.fixes)
      expect(row?.vib).toBe(r.fixes)
      // The ground truth of the whole day, whose first fixes were sent.
      const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
      const truth = JSON.parse(await readFile(join(truthDir, r.box, `${day}.json`), "utf8"))
      expect(truth).toMatchObject({ box: r.box, format: "sillon-simulation-truth/1", day })
      expect(truth.fixes.length).toBeGreaterThan(r.fixes)
    }
  }, 180_000)

  it("sends the same days again as known fixes only", async () => {
    // The same seed again (the secrets rotated anew): the server has every fix already.
    const reports = await runSimulation(options)
    for (const r of reports) {
      expect(r.new).toBe(0)
      expect(r.known).toBeGreaterThanOrEqual(r.fixes)
      const [row] = await stored(r.box)
      expect(row?.n).toBe(r.fixes)
    }
  }, 180_000)

  it("drives a phone registered as a box through OsmAnd: no vibration, no CAN", async () => {
    const auth = {
      authorization: `JWT ${((await (await app.call("POST", "/api/v2/auth/login", { body: demoSignIn })).json()) as { token: string }).token}`,
    }
    const registered = (await (
      await app.call("POST", "/api/v2/admin/counters", {
        body: { id: "PHONE-01", kind: "phone" },
        headers: auth,
      })
    ).json()) as { secret: { secret: string } }
    const [cuma] = (await (await app.call("GET", "/api/v2/clusters", { headers: auth })).json()) as Array<{
      id: string
    }>
    await app.call("PUT", "/api/v2/admin/counters/PHONE-01/cluster", {
      body: { cluster: cuma?.id },
      headers: auth,
    })
    const machines = (await (await app.call("GET", "/api/v2/machines", { headers: auth })).json()) as Array<{
      id: string
      name: string
    }>
    const seeder = machines.find((m) => m.name.startsWith("Semoir"))
    const associated = await app.call("POST", "/api/v2/counters/PHONE-01/associations", {
      body: {
        cluster: cuma?.id,
        machine: seeder?.id,
        start_date: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      },
      headers: auth,
    })
    expect(associated.status).toBe(201)
    // Registered a month ago (a box's fixes cannot predate its registration, and these are yesterday's).
    await app.sql(
      (sql) => sql`UPDATE counters SET created_at = now() - interval '30 days' WHERE id = 'PHONE-01'`,
    )
    const [report] = await runSimulation({
      ...options,
      boxes: ["PHONE-01"],
      hours: 0.5,
      rotate: false,
      secrets: { "PHONE-01": registered.secret.secret },
    })
    expect(report).toMatchObject({ box: "PHONE-01", kind: "phone", failures: 0, reasons: {} })
    expect(report?.requests).toBe(report?.fixes)
    const [row] = await stored("PHONE-01")
    expect(row).toEqual({ n: report?.fixes, vib: 0, can: 0 })
  }, 180_000)
})
