import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoSignIn } from "../seed"
import { backends, startTestApp, type TestApp } from "../test/app"

describe.each(backends)("demo boxes on %s", (backend) => {
  let app: TestApp
  let auth: Record<string, string>
  beforeAll(async () => {
    app = await startTestApp(backend, { seedDemo: true })
    const res = await app.call("POST", "/api/v2/auth/login", { body: demoSignIn })
    auth = { authorization: `JWT ${((await res.json()) as { token: string }).token}` }
  })
  afterAll(() => app?.close())
  // biome-ignore lint/suspicious/noExplicitAny: the test reads bodies freely
  const get = async (path: string): Promise<any> => (await app.call("GET", path, { headers: auth })).json()

  it("makes the demo person an administrator who sees five boxes, one unattributed", async () => {
    const all = await get("/api/v2/admin/counters")
    expect(all.map((c: { id: string }) => c.id)).toEqual([
      "SIL-0001",
      "SIL-0002",
      "SIL-0003",
      "SIL-0004",
      "SIL-0005",
    ])
    expect(
      all.filter((c: { cluster: unknown }) => c.cluster === null).map((c: { id: string }) => c.id),
    ).toEqual(["SIL-0005"])
    // Each holds a secret, as a box that communicates does (issued when registered, never shown).
    for (const box of all) expect(box.secretIssuedAt).toEqual(expect.any(String))
    expect(JSON.stringify(all)).not.toMatch(/"secret"/)
  })

  it("puts SIL-0001 on the tractor and SIL-0003 on the combine now; SIL-0002 was on the combine before", async () => {
    const mine = await get("/api/v2/counters")
    const on = Object.fromEntries(
      mine.map((c: { id: string; machine: { name: string } | null }) => [c.id, c.machine?.name ?? null]),
    )
    expect(on).toEqual({
      "SIL-0001": "Tracteur John Deere 6155R",
      "SIL-0002": null,
      "SIL-0003": "Moissonneuse Claas Lexion 760",
      "SIL-0004": null,
    })
    for (const c of mine) expect(c.battery).toEqual(expect.any(Number))
    const past = await get("/api/v2/counters/SIL-0002/associations")
    expect(past).toHaveLength(1)
    expect(new Date(past[0].end_date).getTime()).toBeLessThan(Date.now())
    const tractor = mine.find((c: { id: string }) => c.id === "SIL-0001").machine.id
    const history = await get(`/api/v2/machines/${tractor}/associations`)
    const days = (Date.now() - new Date(history[0].start_date).getTime()) / 86_400_000
    expect(Math.round(days)).toBe(40)
    expect(history[0].end_date).toBeNull()
  })

  it("has a machine tag on the seeder, a user tag on a member, and a tag for no structure", async () => {
    const tags = await get("/api/v2/admin/ble_tags")
    expect(
      tags.map((t: { type: string; machine: { name: string } | null; user: unknown; cluster: unknown }) => [
        t.type,
        t.machine?.name ?? null,
        t.user !== null,
        t.cluster !== null,
      ]),
    ).toEqual([
      ["machine", "Semoir Kuhn Espro 3000", false, true],
      ["user", null, true, true],
      ["machine", null, false, false],
    ])
  })
})
