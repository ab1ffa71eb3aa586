// Size: the API cases of maintenance (profiles, counters, actions, readings, alerts), each run on PGlite and PostgreSQL.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { addBox, seedFixes, track } from "../test/fixes"

type Person = Awaited<ReturnType<typeof signup>>

const hour = 3_600_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
/** An engine check every 2 engine hours, first at half an hour. */
const check = (id = randomUUID()) => ({
  id,
  name: "Contrôle moteur",
  counter: "engineHours",
  frequency: 2,
  firstEvent: 0.5,
})

describe.each(backends)("maintenance on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let viewer: Person
  let outsider: Person
  let cuma: string
  let machine: string
  let otherMachine: string

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    outsider = await signup(app, { firstname: "Oscar", lastname: "Outsider" })
    cuma = await createCluster(app, owner, { name: "CUMA de l'Atelier" })
    await addMember(app, cuma, viewer.id, ["seeMachines"])
    machine = await addMachine(app, cuma, "Tracteur")
    const elsewhere = await createCluster(app, outsider, { name: "GAEC d'ailleurs" })
    otherMachine = await addMachine(app, elsewhere, "Faucheuse")
    const box = await addBox(app, `MNT${backend[0].toUpperCase()}${Date.now() % 100000}`, cuma)
    const res = await send(app, owner, "POST", `/api/v2/counters/${box}/associations`, {
      cluster: cuma,
      machine,
      start_date: ago(72 * hour),
      end_date: null,
    })
    expect(res.status).toBe(201)
    // An hour of engine running (vibration) two days ago.
    await seedFixes(app, box, track(ago(48 * hour), 721, 5, { vib: 2, spd: 8 }))
  })
  afterAll(() => app?.close())

  /** The machine's engine hours as the dashboards' one aggregation counts them. */
  const engineHours = async () => {
    const res = await send(app, owner, "GET", `/api/v2/machinesComputedData?machines=${machine}`)
    expect(res.status).toBe(200)
    return res.body.machines[0].engineHours.total as number
  }
  const stateOf = async (who: Person, ruleId: string) => {
    const res = await send(app, who, "GET", `/api/v2/maintenanceProfilesRules?machine=${machine}`)
    expect(res.status).toBe(200)
    return {
      body: res.body,
      rule: res.body.rules.find((r: { rule: { id: string } }) => r.rule.id === ruleId),
    }
  }
  const newProfile = async (rules: ReadonlyArray<unknown>, name = "Tracteurs") => {
    const id = randomUUID()
    const res = await send(app, owner, "POST", "/api/v2/maintenanceProfiles", {
      id,
      name,
      clusters: [cuma],
      rules,
    })
    expect(res.status).toBe(200)
    return id
  }

  it("creates a profile, shows it to members who see machines (not to outsiders), edits its rules", async () => {
    const rule = check()
    const id = await newProfile([rule])
    const seen = await send(app, viewer, "GET", "/api/v2/maintenanceProfiles")
    const mine = seen.body.find((p: { id: string }) => p.id === id)
    expect(mine).toMatchObject({
      name: "Tracteurs",
      clusters: [{ id: cuma, name: "CUMA de l'Atelier" }],
      rules: [{ id: rule.id, name: "Contrôle moteur", unit: "hours", frequency: 2, firstEvent: 0.5 }],
      soonShare: 0.1,
      can: { edit: false },
    })
    const theirs = await send(app, outsider, "GET", "/api/v2/maintenanceProfiles")
    expect(theirs.body.some((p: { id: string }) => p.id === id)).toBe(false)
    // The viewer may not change it; the owner replaces its rules (a rule left out is removed).
    const refused = await send(app, viewer, "POST", `/api/v2/maintenanceProfiles/${id}/rules`, { rules: [] })
    expect(refused.status).toBe(403)
    const other = { ...check(), name: "Graissage", counter: "years", frequency: 1, firstEvent: 1 }
    const edited = await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/rules`, {
      rules: [other, { ...rule, frequency: 3 }],
    })
    expect(edited.status).toBe(200)
    expect(edited.body.rules.map((r: { name: string; frequency: number }) => [r.name, r.frequency])).toEqual([
      ["Graissage", 1],
      ["Contrôle moteur", 3],
    ])
  })

  it("a rule comes due from the machine's counter; an action restarts its count, deleting it brings it back", async () => {
    const rule = check()
    const id = await newProfile([rule], "Moteurs")
    expect(
      (await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/machines`, { machines: [machine] }))
        .status,
    ).toBe(200)
    const counter = await engineHours()
    expect(counter).toBeGreaterThan(0.9)
    // About an hour: due at 0.5, more than a tenth of 2 hours past it.
    const before = await stateOf(viewer, rule.id)
    expect(before.rule).toMatchObject({ status: "overdue", dueAt: 0.5, lastAction: null })
    expect(before.rule.counter).toBeCloseTo(counter, 9)
    expect(
      before.body.counters.find((c: { counter: string }) => c.counter === "engineHours").value,
    ).toBeCloseTo(counter, 9)
    expect(before.body.can.manage).toBe(false)
    const alerts = await send(app, owner, "GET", "/api/v2/maintenanceAlerts")
    expect(alerts.body.some((a: { rule: { id: string } }) => a.rule.id === rule.id)).toBe(true)

    // The viewer may not record it; the owner does, now.
    const action = {
      id: randomUUID(),
      machine,
      date: ago(60_000),
      rules: [rule.id],
      comment: "Filtre changé",
      costCents: 4500,
    }
    expect((await send(app, viewer, "POST", "/api/v2/maintenanceActions", action)).status).toBe(403)
    const done = await send(app, owner, "POST", "/api/v2/maintenanceActions", action)
    expect(done.status).toBe(201)
    expect(done.body).toMatchObject({
      rules: [{ id: rule.id, name: "Contrôle moteur" }],
      comment: "Filtre changé",
      costCents: 4500,
    })
    // Sent again (a retry): recorded once.
    expect((await send(app, owner, "POST", "/api/v2/maintenanceActions", action)).status).toBe(201)
    const after = await stateOf(owner, rule.id)
    expect(after.rule.status).toBe("ok")
    expect(after.rule.dueAt).toBeCloseTo(counter + 2, 9)
    expect(after.rule.lastAction.id).toBe(action.id)
    const actions = await send(app, viewer, "GET", `/api/v2/maintenanceActions?machine=${machine}`)
    expect(actions.body.filter((a: { id: string }) => a.id === action.id)).toHaveLength(1)

    expect((await send(app, owner, "DELETE", `/api/v2/maintenanceActions/${action.id}`)).status).toBe(204)
    expect((await stateOf(owner, rule.id)).rule.status).toBe("overdue")
  })

  it("a manual reading sets the counter from its date on, even lower than what was measured", async () => {
    const rule = check()
    const id = await newProfile([rule], "Relevés")
    await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/machines`, { machines: [machine] })
    const res = await send(app, owner, "POST", "/api/v2/maintenanceReadings", {
      machine,
      counter: "engineHours",
      value: 0.25,
      date: ago(24 * hour),
    })
    expect(res.status).toBe(201)
    const engine = res.body.counters.find((c: { counter: string }) => c.counter === "engineHours")
    // Nothing ran since the reading: the counter is the reading.
    expect(engine.value).toBeCloseTo(0.25, 9)
    expect(engine.reading.value).toBe(0.25)
    expect((await stateOf(owner, rule.id)).rule).toMatchObject({ status: "ok", dueAt: 0.5 })
  })

  it("lists actions newest first, and keeps them when their rule is removed or the machine detached", async () => {
    const rule = check()
    const id = await newProfile([rule], "Historique")
    await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/machines`, { machines: [machine] })
    const older = { id: randomUUID(), machine, date: ago(10 * hour), rules: [rule.id] }
    const newer = { id: randomUUID(), machine, date: ago(2 * hour), rules: [] }
    for (const a of [older, newer])
      expect((await send(app, owner, "POST", "/api/v2/maintenanceActions", a)).status).toBe(201)
    await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/rules`, { rules: [] })
    expect(
      (await send(app, owner, "DELETE", `/api/v2/maintenanceProfiles/${id}/machines/${machine}`)).status,
    ).toBe(204)
    const list = await send(app, owner, "GET", `/api/v2/maintenanceActions?machine=${machine}`)
    const ids = list.body.map((a: { id: string }) => a.id)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(list.body.find((a: { id: string }) => a.id === older.id).rules).toEqual([
      { id: rule.id, name: "Contrôle moteur" },
    ])
  })

  it("refuses bad input with its code and changes nothing", async () => {
    const rule = check()
    const id = await newProfile([rule], "Refus")
    const bad = async (path: string, body: unknown, code: string) => {
      const res = await send(app, owner, "POST", path, body)
      expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code })
    }
    await bad(
      "/api/v2/maintenanceProfiles",
      { id: randomUUID(), name: "X", clusters: [cuma], rules: [{ ...check(), frequency: 0 }] },
      "outOfRange",
    )
    await bad(
      "/api/v2/maintenanceProfiles",
      { id: randomUUID(), name: "X", clusters: [cuma], rules: [{ ...check(), frequency: "2,5" }] },
      "decimalComma",
    )
    // The owner's machine in a structure the profile does not name; another structure's machine does not exist.
    const farm = await createCluster(app, owner, { name: "EARL du Pré" })
    const benne = await addMachine(app, farm, "Benne")
    await bad(`/api/v2/maintenanceProfiles/${id}/machines`, { machines: [benne] }, "profileMachineOutside")
    const hidden = await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/machines`, {
      machines: [otherMachine],
    })
    expect(hidden.status).toBe(404)
    await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${id}/machines`, { machines: [machine] })
    const stranger = check()
    await bad(
      "/api/v2/maintenanceActions",
      { id: randomUUID(), machine, date: ago(hour), rules: [stranger.id] },
      "ruleNotForMachine",
    )
    await bad(
      "/api/v2/maintenanceActions",
      { id: randomUUID(), machine, date: ago(-hour), rules: [rule.id] },
      "maintenanceDateFuture",
    )
    await bad(
      "/api/v2/maintenanceReadings",
      { machine, counter: "km", value: 10, date: ago(-hour) },
      "maintenanceDateFuture",
    )
    // A rule id of another profile cannot be taken over.
    await bad(
      `/api/v2/maintenanceProfiles/${await newProfile([], "Autre")}/rules`,
      { rules: [rule] },
      "badRequest",
    )
    const state = await stateOf(owner, rule.id)
    expect(state.rule.lastAction).toBeNull()
    expect(state.body.counters.find((c: { counter: string }) => c.counter === "km").reading).toBeNull()
  })
  it("counts from the latest of the readings and the machine's maintenance data", async () => {
    const engine = async () => {
      const res = await send(app, owner, "GET", `/api/v2/maintenanceProfilesRules?machine=${machine}`)
      return res.body.counters.find((c: { counter: string }) => c.counter === "engineHours")
    }
    // The machine's own figure, measured 12 hours ago, is newer than the reading of 24 hours ago.
    const maintenance = { engineHours: 100, engineHoursMeasuredAt: ago(12 * hour) }
    await app.sql(
      (sql) =>
        sql`UPDATE machines SET maintenance = ${JSON.stringify(maintenance)}::jsonb WHERE id = ${machine}`,
    )
    expect((await engine()).value).toBeCloseTo(100, 9)
    // A reading taken since wins again.
    await send(app, owner, "POST", "/api/v2/maintenanceReadings", {
      machine,
      counter: "engineHours",
      value: 90,
      date: ago(hour),
    })
    expect((await engine()).value).toBeCloseTo(90, 9)
  })
})
