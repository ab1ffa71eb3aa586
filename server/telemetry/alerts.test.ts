import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, eventually, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, send } from "../test/clusters"
import { addBox } from "../test/fixes"
import { telemetryJobs } from "./jobs"

type Person = Awaited<ReturnType<typeof signup>>

describe.each(backends)("box alerts on %s", (backend) => {
  let app: TestApp
  let owner: Person
  let fitter: Person
  let viewer: Person
  let cuma: string
  let box: string

  /** Runs the recurring check now and waits until it has run (it is put back 15 minutes later). */
  const check = async () => {
    await app.sql(
      (sql) =>
        sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE kind = ${telemetryJobs.alerts.kind}`,
    )
    await eventually(async () => {
      const [row] = await app.sql(
        (sql) => sql<{ later: boolean }>`SELECT run_at > now() + interval '10 minutes' AS later
          FROM jobs WHERE kind = ${telemetryJobs.alerts.kind}`,
      )
      return row?.later ? true : undefined
    })
  }
  const boxNotifications = async (who: Person) =>
    (await send(app, who, "GET", "/api/v2/notifications")).body
      .filter((n: { kind: string }) => n.kind.startsWith("box"))
      .map(
        (n: { kind: string; counter: string; cluster: { name: string } }) =>
          `${n.kind} ${n.counter} ${n.cluster.name}`,
      )
  const mailsTo = async (who: Person) => (await app.outbox()).filter((m) => m.includes(who.email))

  beforeAll(async () => {
    app = await startTestApp(backend)
    owner = await signup(app, { firstname: "Odile", lastname: "Owner" })
    fitter = await signup(app, { firstname: "Fritz", lastname: "Monteur" })
    viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
    await app.sql((sql) => sql`UPDATE users SET language = 'de' WHERE id = ${fitter.id}`)
    cuma = await createCluster(app, owner, { name: "CUMA des Alertes" })
    await addMember(app, cuma, fitter.id, ["editCounters"])
    await addMember(app, cuma, viewer.id, ["seeMachines"])
    box = await addBox(app, `AL${backend[0].toUpperCase()}${Date.now() % 100000}`, cuma, 80)
    const tractor = await addMachine(app, cuma, "Tracteur rouge")
    const res = await send(app, owner, "POST", `/api/v2/counters/${box}/associations`, {
      cluster: cuma,
      machine: tractor,
      start_date: new Date(Date.now() - 86_400_000 * 5).toISOString(),
    })
    expect(res.status).toBe(201)
  })
  afterAll(() => app?.close())

  it("tells the box's alert users once when it falls silent, in the app and by mail in their language", async () => {
    const users = await send(app, owner, "GET", `/api/v2/counters/${box}/users_alertes`)
    expect(users.body.map((u: { id: string }) => u.id).sort()).toEqual([owner.id, fitter.id].sort())
    // A box that spoke recently is not silent.
    await app.sql(
      (sql) => sql`UPDATE counters SET last_communication = now() - interval '23 hours' WHERE id = ${box}`,
    )
    await check()
    expect(await boxNotifications(owner)).toEqual([])
    await app.sql(
      (sql) => sql`UPDATE counters SET last_communication = now() - interval '25 hours' WHERE id = ${box}`,
    )
    await check()
    expect(await boxNotifications(owner)).toEqual([`boxSilent ${box} CUMA des Alertes`])
    expect(await boxNotifications(fitter)).toEqual([`boxSilent ${box} CUMA des Alertes`])
    expect(await boxNotifications(viewer)).toEqual([])
    const french = await app.waitForMail((m) => m.includes(owner.email) && m.includes(box))
    expect(french).toContain(`Le boîtier ${box} ne communique plus`)
    expect(french).toContain("posé sur Tracteur rouge")
    const german = await app.waitForMail((m) => m.includes(fitter.email) && m.includes(box))
    expect(german).toContain(`Die Box ${box} meldet sich nicht mehr`)
    expect((await mailsTo(viewer)).filter((m) => m.includes(box))).toEqual([])
    // Still silent at the next check: nobody is told twice.
    await check()
    expect(await boxNotifications(owner)).toHaveLength(1)
    // It speaks again, then falls silent again: a new episode, told again.
    await app.sql((sql) => sql`UPDATE counters SET last_communication = now() WHERE id = ${box}`)
    await check()
    await app.sql(
      (sql) => sql`UPDATE counters SET last_communication = now() - interval '2 days' WHERE id = ${box}`,
    )
    await check()
    expect(await boxNotifications(owner)).toHaveLength(2)
  })

  it("tells them once when its battery goes under 20 %, and again only after it came back", async () => {
    await app.sql(
      (sql) => sql`UPDATE counters SET last_communication = now(), battery = 19 WHERE id = ${box}`,
    )
    await check()
    const low = (await boxNotifications(fitter)).filter((n: string) => n.startsWith("boxLowBattery"))
    expect(low).toEqual([`boxLowBattery ${box} CUMA des Alertes`])
    const german = await app.waitForMail((m) => m.includes(fitter.email) && m.includes("Schwacher Akku"))
    expect(german).toContain("steht bei 19 %")
    await app.sql((sql) => sql`UPDATE counters SET battery = 12 WHERE id = ${box}`)
    await check()
    expect(
      (await boxNotifications(fitter)).filter((n: string) => n.startsWith("boxLowBattery")),
    ).toHaveLength(1)
    await app.sql((sql) => sql`UPDATE counters SET battery = 95 WHERE id = ${box}`)
    await check()
    await app.sql((sql) => sql`UPDATE counters SET battery = 10 WHERE id = ${box}`)
    await check()
    expect(
      (await boxNotifications(fitter)).filter((n: string) => n.startsWith("boxLowBattery")),
    ).toHaveLength(2)
  })
})
