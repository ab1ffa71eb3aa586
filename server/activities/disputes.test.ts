// Size: the API cases of what people say of an activity (disputes, a driver's confirmation), each run on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, addMember, createCluster, delegate, send } from "../test/clusters"
import { fieldAt, q, storeActivity, testPeriod } from "./fixture"

type Person = Awaited<ReturnType<typeof signup>>

describe.each(backends)(
  "disputes and confirmations of an activity, on %s",
  (backend) => {
    let app: TestApp
    let manager: Person
    let member: Person
    let viewer: Person
    let stranger: Person
    let tractor: string
    let driver: Person
    const field = fieldAt(0)
    const elsewhere = fieldAt(2400, "Le Clos")

    const detail = async (who: Person, id: string) => {
      const res = await send(app, who, "GET", `/api/v2/activities/${id}/detail`)
      expect(res.status).toBe(200)
      return res.body
    }

    beforeAll(async () => {
      app = await startTestApp(backend)
      manager = await signup(app, { firstname: "Gérard", lastname: "Gérant" })
      member = await signup(app, { firstname: "Marie", lastname: "Membre" })
      viewer = await signup(app, { firstname: "Victor", lastname: "Viewer" })
      stranger = await signup(app, { firstname: "Sam", lastname: "Stranger" })
      const cuma = await createCluster(app, manager, { name: "CUMA des Litiges" })
      // Marie is a member without "Voir les machines": she sees the work billed to her, nothing more.
      await addMember(app, cuma, member.id, [])
      await addMember(app, cuma, viewer.id, ["seeMachines"])
      tractor = await addMachine(app, cuma, "Tracteur")
      driver = await signup(app, { firstname: "Denis", lastname: "Driver" })
      await addMember(app, cuma, driver.id, [])
      for (const f of [field, elsewhere])
        await app.sql(
          (sql) => sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, source)
          SELECT ${f.id}, ${member.id}, DATE '2024-01-01', ${f.name}, g, field_area_ha(g), 'drawn'
          FROM (SELECT ST_Multi(ST_GeomFromGeoJSON(${JSON.stringify(f.geometry)})) AS g) x`,
        )
    })
    afterAll(() => app?.close())

    it("the work billed to a farm a person acts for is theirs to see and contest, and no one else's", async () => {
      // Marie acts for her farm (its delegated user): the work billed to the farm is hers to answer for.
      const farm = await signup(app, { firstname: "EARL", lastname: "des Litiges" })
      await delegate(app, member.id, farm.id)
      const id = await storeActivity(app, tractor, { hoursAgo: 4, member: farm.id, areaHa: 2 })
      const listed = await send(app, member, "GET", `/api/v2/activities${q(testPeriod)}`)
      expect((listed.body.activities as Array<{ id: string }>).map((a) => a.id)).toContain(id)
      expect(await detail(member, id)).toMatchObject({
        activity: { member: { id: farm.id } },
        mayDispute: true,
      })
      const opened = await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, {
        comment: "Pas la ferme.",
      })
      expect(opened.status).toBe(201)
      // Another member without the right to see machines neither sees it nor contests it.
      const theirs = await send(app, driver, "GET", `/api/v2/activities${q(testPeriod)}`)
      expect((theirs.body.activities as Array<{ id: string }>).map((a) => a.id)).not.toContain(id)
      expect(
        (await send(app, driver, "POST", `/api/v2/activities/${id}/disputes`, { comment: "Moi" })).status,
      ).toBe(403)
    })

    it("the member billed sees the same evidence and contests it; one dispute waits at a time", async () => {
      const id = await storeActivity(app, tractor, { hoursAgo: 5, member: member.id, areaHa: 4 })
      const seen = await detail(member, id)
      expect(seen).toMatchObject({
        activity: { id, member: { id: member.id } },
        mayEdit: false,
        mayDispute: true,
      })
      expect(seen.disputes).toEqual([])
      // Nothing to say is refused with its message, and nothing is kept.
      const empty = await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, { comment: "   " })
      expect(empty).toMatchObject({ status: 400, body: { code: "disputeEmpty" } })
      const tooLong = await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, {
        comment: "x".repeat(2001),
      })
      expect(tooLong).toMatchObject({ status: 400, body: { code: "commentTooLong" } })
      // Only the member billed contests: a viewer is refused, a stranger does not find it.
      expect(
        (await send(app, viewer, "POST", `/api/v2/activities/${id}/disputes`, { comment: "Pas moi" })).status,
      ).toBe(403)
      expect(
        (await send(app, stranger, "POST", `/api/v2/activities/${id}/disputes`, { comment: "Pas moi" }))
          .status,
      ).toBe(404)
      expect((await detail(manager, id)).disputes).toEqual([])

      const opened = await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, {
        comment: "  Je n'ai semé que 3 ha ce jour-là.  ",
      })
      expect(opened.status).toBe(201)
      expect(opened.body).toMatchObject({
        status: "open",
        comment: "Je n'ai semé que 3 ha ce jour-là.",
        openedBy: { id: member.id, firstname: "Marie" },
        answer: null,
        answeredAt: null,
      })
      const again = await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, {
        comment: "Encore",
      })
      expect(again).toMatchObject({ status: 409, body: { code: "disputeOpen" } })
      expect((await detail(member, id)).mayDispute).toBe(false)
      const asManager = await detail(manager, id)
      expect(asManager).toMatchObject({ mayEdit: true, mayDispute: false })
      expect(asManager.disputes).toHaveLength(1)
    })

    it("a person who may correct it settles it, kept or corrected, with an answer; the thread stays with the activity", async () => {
      const id = await storeActivity(app, tractor, { hoursAgo: 8, member: member.id, areaHa: 6 })
      const first = (
        await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, {
          comment: "Ce n'était pas pour moi",
        })
      ).body
      const settle = (who: Person, dispute: string, body: unknown) =>
        send(app, who, "POST", `/api/v2/activities/${id}/disputes/${dispute}/settle`, body)
      /** The person's notifications about this activity, as [kind, read, actor's first name]. */
      const told = async (who: Person) =>
        (
          (await send(app, who, "GET", "/api/v2/notifications")).body as Array<{
            kind: string
            activity: { id: string; machine: string } | null
            actor: { firstname: string } | null
            read: { read_date: string | null }
          }>
        )
          .filter((n) => n.activity?.id === id)
          .map((n) => [n.kind, n.read.read_date !== null, n.actor?.firstname, n.activity?.machine])
      // Who may answer it is told, with a link to it; the member who opened it is not, nor a viewer.
      expect(await told(manager)).toEqual([["activityDisputed", false, "Marie", "Tracteur"]])
      expect(await told(member)).toEqual([])
      expect(await told(viewer)).toEqual([])
      // The member cannot answer their own dispute, nor a viewer; an answer is required.
      expect((await settle(member, first.id, { outcome: "kept", answer: "Si" })).status).toBe(403)
      expect((await settle(viewer, first.id, { outcome: "kept", answer: "Si" })).status).toBe(403)
      expect(await settle(manager, first.id, { outcome: "kept", answer: "" })).toMatchObject({
        status: 400,
        body: { code: "answerEmpty" },
      })
      expect((await settle(manager, crypto.randomUUID(), { outcome: "kept", answer: "Non" })).status).toBe(
        404,
      )
      const kept = await settle(manager, first.id, {
        outcome: "kept",
        answer: "La réservation était à votre nom ce matin-là.",
      })
      expect(kept.status).toBe(200)
      expect(kept.body).toMatchObject({
        status: "kept",
        answer: "La réservation était à votre nom ce matin-là.",
        answeredBy: { id: manager.id },
      })
      // Answered: the member is told who answered; the notice to answer it is read for everyone.
      expect(await told(member)).toEqual([["disputeAnswered", false, "Gérard", "Tracteur"]])
      expect(await told(manager)).toEqual([["activityDisputed", true, "Marie", "Tracteur"]])
      expect(await settle(manager, first.id, { outcome: "corrected", answer: "Changé" })).toMatchObject({
        status: 409,
        body: { code: "disputeSettled" },
      })
      // The member may contest again; the manager corrects and says so.
      expect((await detail(member, id)).mayDispute).toBe(true)
      const second = (
        await send(app, member, "POST", `/api/v2/activities/${id}/disputes`, {
          comment: "J'insiste : c'était Paul",
        })
      ).body
      expect(
        (await settle(manager, second.id, { outcome: "corrected", answer: "Attribuée à Paul." })).status,
      ).toBe(200)
      const thread = (await detail(member, id)).disputes
      expect(thread.map((d: { status: string; comment: string }) => [d.status, d.comment])).toEqual([
        ["kept", "Ce n'était pas pour moi"],
        ["corrected", "J'insiste : c'était Paul"],
      ])
      // A dispute of one activity is not answered through another's address.
      const other = await storeActivity(app, tractor, { hoursAgo: 12, member: member.id })
      const third = (
        await send(app, member, "POST", `/api/v2/activities/${other}/disputes`, {
          comment: "Pas moi non plus",
        })
      ).body
      expect((await settle(manager, third.id, { outcome: "kept", answer: "Si" })).status).toBe(404)
    })

    it("its driver says, as the work ends, which field it was, what was spread and a word for the office", async () => {
      const id = await storeActivity(app, tractor, {
        hoursAgo: 2,
        driver: driver.id,
        field: field.id,
        areaHa: 3,
      })
      const [product] = await app.sql(
        (sql) =>
          sql<{
            id: string
          }>`SELECT id FROM filter_entries WHERE type = 'productType' ORDER BY position LIMIT 1`,
      )
      const confirm = (who: Person, body: unknown) =>
        send(app, who, "POST", `/api/v2/activities/${id}/confirmations`, body)
      // Denis does not see the machine; he drove it, so he reads its page and may confirm it.
      expect(await detail(driver, id)).toMatchObject({ mayConfirm: true, mayEdit: false, confirmations: [] })
      expect(await confirm(driver, {})).toMatchObject({ status: 400, body: { code: "confirmationEmpty" } })
      expect(await confirm(driver, { field: elsewhere.id })).toMatchObject({
        status: 422,
        body: { code: "selectionUnknown" },
      })
      expect(await confirm(driver, { productType: tractor })).toMatchObject({
        status: 422,
        body: { code: "selectionUnknown" },
      })
      // A viewer neither drove it nor may correct it; a stranger does not find it.
      expect((await confirm(viewer, { comment: "Fini" })).status).toBe(403)
      expect((await confirm(stranger, { comment: "Fini" })).status).toBe(404)
      expect((await detail(viewer, id)).mayConfirm).toBe(false)

      const done = await confirm(driver, {
        field: field.id,
        productType: product.id,
        comment: "  Reste un hectare au fond, trop mouillé.  ",
      })
      expect(done.status).toBe(201)
      expect(done.body).toMatchObject({
        by: { id: driver.id, firstname: "Denis" },
        field: { id: field.id, name: field.name },
        productType: { id: product.id },
        comment: "Reste un hectare au fond, trop mouillé.",
      })
      // What was spread is now the activity's, in its history under Denis's name; the office reads it all.
      const seen = await detail(manager, id)
      expect(seen.activity.productType.id).toBe(product.id)
      expect(seen.history).toMatchObject([{ by: { id: driver.id }, change: { field: "productType" } }])
      expect(seen.confirmations).toHaveLength(1)
      expect(seen.confirmations[0]).toMatchObject({ comment: "Reste un hectare au fond, trop mouillé." })
      // The manager may confirm too (a driver without a tag tells the office, which enters it).
      expect((await confirm(manager, { comment: "Saisi pour Denis" })).status).toBe(201)
    })
  },
  120_000,
)
