import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, forbidden, send } from "../test/clusters"

type Person = Awaited<ReturnType<typeof signup>>

describe.each(backends)("announcements on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const post = (who: Person, body: Record<string, unknown>, id: string = randomUUID()) =>
    send(app, who, "PUT", `/api/v2/announcements/${id}`, body).then((r) => ({ ...r, id }))
  const list = async (who: Person) => {
    const r = await send(app, who, "GET", "/api/v2/announcements")
    expect(r.status).toBe(200)
    return r.body as ReadonlyArray<{
      id: string
      message: string
      readAt: string | null
      can: { end: boolean }
    }>
  }
  const unreadNotices = async (who: Person) =>
    (
      (await send(app, who, "GET", "/api/v2/notifications")).body as ReadonlyArray<{
        kind: string
        read: { read_date: string | null }
        announcement: { id: string; excerpt: string; urgency: string } | null
      }>
    ).filter((n) => n.kind === "announcement" && n.read.read_date === null)
  const count = () => app.sql((sql) => sql`SELECT count(*)::int AS n FROM announcements`).then((r) => r[0]?.n)

  // Anne runs the CUMA; Paul and Léa are members (Léa's address unproven); Olga is elsewhere.
  const world = async () => {
    const [anne, paul, olga] = await Promise.all([1, 2, 3].map(() => signup(app)))
    const lea = await signup(app, {}, { confirmed: false })
    const cuma = await createCluster(app, anne)
    await addMember(app, cuma, paul.id, ["seeMachines", "bookMachine"])
    await addMember(app, cuma, lea.id, ["seeMachines"])
    return { anne, paul, lea, olga, cuma }
  }

  it("shows a manager's announcement to the structure's members, notifies them, and tracks who read it", async () => {
    const w = await world()
    const posted = await post(w.anne, {
      cluster: w.cuma,
      message: "  L'aire de lavage est fermée samedi  ",
    })
    expect(posted.status).toBe(200)
    expect(posted.body).toMatchObject({
      id: posted.id,
      cluster: { id: w.cuma },
      author: { firstname: "Anne" },
      message: "L'aire de lavage est fermée samedi",
      urgency: "info",
      endsAt: null,
      can: { end: true },
    })
    // Its author has read it; Paul has not, and may not end it.
    expect(posted.body.readAt).not.toBeNull()
    const seen = await list(w.paul)
    expect(seen.map((a) => a.id)).toEqual([posted.id])
    expect(seen[0]).toMatchObject({ readAt: null, can: { end: false } })
    expect(await list(w.olga)).toEqual([])
    // Paul and Léa are told in the app, Anne is not; only an urgent one goes by e-mail.
    const [notice] = await unreadNotices(w.paul)
    expect(notice?.announcement).toEqual({
      id: posted.id,
      excerpt: "L'aire de lavage est fermée samedi",
      urgency: "info",
    })
    expect(await unreadNotices(w.lea)).toHaveLength(1)
    expect(await unreadNotices(w.anne)).toHaveLength(0)
    expect((await app.outbox()).filter((m) => m.includes("MegaPhone"))).toEqual([])

    // Reading it marks it read for Paul only, settles his notification, and keeps the first instant.
    const read = await send(app, w.paul, "POST", `/api/v2/announcements/${posted.id}/read`)
    expect(read.status).toBe(200)
    expect(read.body.readAt).not.toBeNull()
    const again = await send(app, w.paul, "POST", `/api/v2/announcements/${posted.id}/read`)
    expect(again.body.readAt).toBe(read.body.readAt)
    expect(await unreadNotices(w.paul)).toHaveLength(0)
    expect((await list(w.lea))[0]?.readAt).toBeNull()
    // A stranger cannot read it: it does not exist for them.
    expect((await send(app, w.olga, "POST", `/api/v2/announcements/${posted.id}/read`)).status).toBe(404)
  })

  it("e-mails an urgent one to the other members whose address is proven, in their language", async () => {
    const w = await world()
    await app.sql((sql) => sql`UPDATE users SET language = 'de' WHERE id = ${w.paul.id}`)
    const posted = await post(w.anne, {
      cluster: w.cuma,
      message: "Le pulvérisateur est en panne jusqu'à jeudi",
      urgency: "urgent",
    })
    expect(posted.body.urgency).toBe("urgent")
    const mail = await app.waitForMail((m) => m.includes(w.paul.email) && m.includes("MegaPhone"))
    expect(mail).toContain("Dringende Mitteilung")
    expect(mail).toContain("Le pulvérisateur est en panne jusqu'à jeudi")
    expect(mail).toContain("http://sillon.test/home/MegaPhone")
    const outbox = await app.outbox()
    expect(outbox.filter((m) => m.includes(w.lea.email) && m.includes("MegaPhone"))).toEqual([])
    expect(outbox.filter((m) => m.includes(w.anne.email) && m.includes("MegaPhone"))).toEqual([])
    expect((await unreadNotices(w.paul))[0]?.announcement?.urgency).toBe("urgent")
  })

  it("lists unread first, then urgent, then newest; an ended or expired one shows no more", async () => {
    const w = await world()
    const first = await post(w.anne, { cluster: w.cuma, message: "Réunion lundi" })
    const urgent = await post(w.anne, { cluster: w.cuma, message: "Pont fermé", urgency: "urgent" })
    const later = await post(w.anne, { cluster: w.cuma, message: "Nouveau semoir" })
    await send(app, w.paul, "POST", `/api/v2/announcements/${urgent.id}/read`)
    expect((await list(w.paul)).map((a) => a.id)).toEqual([later.id, first.id, urgent.id])
    // An end date that has passed: it no longer shows, nor can it be read.
    await app.sql(
      (sql) => sql`UPDATE announcements SET ends_at = now() - interval '1 minute' WHERE id = ${later.id}`,
    )
    expect((await list(w.paul)).map((a) => a.id)).toEqual([first.id, urgent.id])
    expect((await send(app, w.paul, "POST", `/api/v2/announcements/${later.id}/read`)).status).toBe(404)
    // Paul may not end one; Anne may, and then it shows to no one and its notices are settled.
    expect(await send(app, w.paul, "DELETE", `/api/v2/announcements/${first.id}`)).toEqual({
      status: 403,
      body: forbidden,
    })
    expect((await send(app, w.anne, "DELETE", `/api/v2/announcements/${first.id}`)).status).toBe(204)
    expect((await list(w.lea)).map((a) => a.id)).toEqual([urgent.id])
    // The expired one's notice stays as it was (it said what happened); the ended one's is settled.
    expect((await unreadNotices(w.lea)).map((n) => n.announcement?.id)).toEqual([later.id, urgent.id])
    expect((await send(app, w.anne, "DELETE", `/api/v2/announcements/${first.id}`)).status).toBe(404)
  })

  it("keeps an end date to come, and shows it", async () => {
    const w = await world()
    const endsAt = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const posted = await post(w.anne, { cluster: w.cuma, message: "Moisson", endsAt })
    expect(new Date(posted.body.endsAt).getTime()).toBe(new Date(endsAt).getTime())
    expect((await list(w.paul))[0]?.id).toBe(posted.id)
  })

  it("posts nothing twice when the same PUT comes again, and refuses an id already used for another", async () => {
    const w = await world()
    const body = { cluster: w.cuma, message: "Atelier fermé", urgency: "urgent" }
    const first = await post(w.anne, body)
    const retried = await post(w.anne, body, first.id)
    expect(retried.status).toBe(200)
    expect(retried.body.id).toBe(first.id)
    expect(await unreadNotices(w.paul)).toHaveLength(1)
    const toPaul = (m: string) => m.includes(w.paul.email) && m.includes("Atelier fermé")
    await app.waitForMail(toPaul)
    expect((await app.outbox()).filter(toPaul)).toHaveLength(1)
    const other = await post(w.anne, { ...body, message: "Autre chose" }, first.id)
    expect(other.status).toBe(409)
    expect(other.body.code).toBe("announcementIdTaken")
    expect((await list(w.paul)).map((a) => a.message)).toEqual(["Atelier fermé"])
  })

  it("refuses a post without the right, outside the structure, or with a bad message or end, and stores nothing", async () => {
    const w = await world()
    const before = await count()
    expect(await post(w.paul, { cluster: w.cuma, message: "Coucou" })).toMatchObject({
      status: 403,
      body: forbidden,
    })
    expect((await post(w.olga, { cluster: w.cuma, message: "Coucou" })).status).toBe(404)
    const bad = async (body: Record<string, unknown>, code: string) => {
      const r = await post(w.anne, { cluster: w.cuma, ...body })
      expect(r.status).toBe(400)
      expect(r.body.code).toBe(code)
    }
    await bad({ message: "   " }, "announcementEmpty")
    await bad({ message: "x".repeat(1001) }, "announcementTooLong")
    await bad({ message: "Hier", endsAt: new Date(Date.now() - 60_000).toISOString() }, "announcementEndPast")
    await bad({ message: "Bientôt", urgency: "panic" }, "badRequest")
    await bad({ message: "Bientôt", endsAt: "demain" }, "badRequest")
    expect(await count()).toBe(before)
    expect(await unreadNotices(w.paul)).toHaveLength(0)
    // Without a session, nothing at all.
    expect((await app.call("GET", "/api/v2/announcements")).status).toBe(401)
  })
})
