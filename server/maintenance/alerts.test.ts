// Size: the maintenance alerts, told once per change to those who manage the machine, on PGlite and PostgreSQL.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, eventually, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { maintenanceCheckKind } from "./queue"

type Person = Awaited<ReturnType<typeof signup>>

const minute = 60_000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()

describe.each(backends)("maintenance alerts on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let fitter: Person
  let viewer: Person
  let machine: string
  const rule = randomUUID()

  /** Waits until no check of the machine is left in the queue (each reading queues one). */
  const checked = () =>
    eventually(async () => {
      const [row] = await app.sql(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE kind = ${maintenanceCheckKind}`,
      )
      return row?.n === 0 ? true : undefined
    })
  const read = async (value: number, minutesAgo: number) => {
    const res = await send(app, owner, "POST", "/api/v2/maintenanceReadings", {
      machine,
      counter: "engineHours",
      value,
      date: ago(minutesAgo * minute),
    })
    expect(res.status).toBe(201)
    await checked()
  }
  const alerts = async (who: Person) =>
    (await send(app, who, "GET", "/api/v2/notifications")).body
      .filter((n: { kind: string }) => n.kind === "maintenanceAlert")
      .map(
        (n: { maintenance: { machine: { name: string }; rule: string; status: string } }) =>
          `${n.maintenance.status} ${n.maintenance.rule} ${n.maintenance.machine.name}`,
      )
      .reverse()

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    fitter = await signup(app, { firstname: "Fritz", lastname: "Monteur" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    await app.sql((sql) => sql`UPDATE users SET language = 'de' WHERE id = ${fitter.id}`)
    const cuma = await createCluster(app, owner, { name: "CUMA des Vidanges" })
    await addMember(app, cuma, fitter.id, ["seeMachines", "manageMachine"])
    await addMember(app, cuma, viewer.id, ["seeMachines"])
    machine = await addMachine(app, cuma, "Tracteur vert")
    const profile = randomUUID()
    const made = await send(app, owner, "POST", "/api/v2/maintenanceProfiles", {
      id: profile,
      name: "Tracteurs",
      clusters: [cuma],
      soonShare: 0.1,
      rules: [{ id: rule, name: "Vidange moteur", counter: "engineHours", frequency: 100, firstEvent: 100 }],
    })
    expect(made.status).toBe(200)
    const attached = await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${profile}/machines`, {
      machines: [machine],
    })
    expect(attached.status).toBe(200)
    await checked()
  })
  afterAll(() => app?.close())

  it("tells the machine's managers once when a rule turns soon, then due, in the app and by mail in their language", async () => {
    // 85 h of 100: 15 h left, more than 10 % of the frequency: nothing to tell.
    await read(85, 60)
    expect(await alerts(owner)).toEqual([])
    await read(92, 50)
    expect(await alerts(owner)).toEqual(["soon Vidange moteur Tracteur vert"])
    expect(await alerts(fitter)).toEqual(["soon Vidange moteur Tracteur vert"])
    // Seeing the machine is not managing it.
    expect(await alerts(viewer)).toEqual([])
    const french = await app.waitForMail((m) => m.includes(owner.email) && m.includes("Vidange moteur"))
    expect(french).toContain("Entretien bientôt à faire : Vidange moteur sur Tracteur vert")
    expect(french).toContain("Compteur : 92 h ; échéance à 100 h.")
    expect(french).toContain(`/maintenance/machines?machine=${machine}`)
    const german = await app.waitForMail((m) => m.includes(fitter.email) && m.includes("Vidange moteur"))
    expect(german).toContain("Wartung bald fällig: Vidange moteur an Tracteur vert")
    // Still soon: nobody is told twice.
    await read(95, 40)
    expect(await alerts(owner)).toHaveLength(1)
    // Due: told again.
    await read(101, 30)
    expect(await alerts(owner)).toEqual([
      "soon Vidange moteur Tracteur vert",
      "due Vidange moteur Tracteur vert",
    ])
    // Done: back to ok, nothing told; its next turn is told again.
    const done = await send(app, fitter, "POST", "/api/v2/maintenanceActions", {
      id: randomUUID(),
      machine,
      date: ago(20 * minute),
      rules: [rule],
    })
    expect(done.status).toBe(201)
    await checked()
    const [row] = await app.sql(
      (sql) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM maintenance_alerts WHERE machine_id = ${machine}`,
    )
    expect(row?.n).toBe(0)
    expect(await alerts(owner)).toHaveLength(2)
    await read(195, 10)
    expect(await alerts(owner)).toEqual([
      "soon Vidange moteur Tracteur vert",
      "due Vidange moteur Tracteur vert",
      "soon Vidange moteur Tracteur vert",
    ])
  })

  it("turns overdue; a reading lower than the last tells nothing new; a rule removed is forgotten", async () => {
    await read(230, 5)
    const overdue = await alerts(owner)
    expect(overdue.at(-1)).toBe("overdue Vidange moteur Tracteur vert")
    // Back from overdue to due (the counter read lower): less urgent, not told.
    await read(201, 4)
    expect(await alerts(owner)).toHaveLength(overdue.length)
    // The rule removed from its profile: what was told of it is forgotten.
    const [{ profile_id: profile } = { profile_id: "" }] = await app.sql(
      (sql) => sql<{ profile_id: string }>`SELECT profile_id FROM maintenance_rules WHERE id = ${rule}`,
    )
    const res = await send(app, owner, "POST", `/api/v2/maintenanceProfiles/${profile}/rules`, { rules: [] })
    expect(res.status).toBe(200)
    await checked()
    const [row] = await app.sql(
      (sql) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM maintenance_alerts WHERE machine_id = ${machine}`,
    )
    expect(row?.n).toBe(0)
  })
})
