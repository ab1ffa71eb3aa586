import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { maxSoundBytes } from "../../src/schema/fieldComment"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMember, createCluster, delegate, forbidden } from "../test/clusters"
import { beauce, commentCalls, fieldCalls, polygon, soundBytes, square } from "../test/fields"

const voice = (bytes: Buffer, contentType = "audio/webm;codecs=opus") => ({
  contentType,
  content: bytes.toString("base64"),
})

describe.each(backends)("field comments on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())
  const { putField, get } = fieldCalls(() => app)
  const { putComment, comments, removeComment, sound } = commentCalls(() => app)

  // Anne owns the field; Paul sees it ('Voir les machines' in her CUMA); Dan acts for her; Olga is a stranger.
  const world = async () => {
    const [anne, paul, olga, dan] = await Promise.all([1, 2, 3, 4].map(() => signup(app)))
    const cuma = await createCluster(app, anne)
    await addMember(app, cuma, paul.id, ["seeMachines"])
    await delegate(app, dan.id, anne.id)
    const field = await putField(anne, {
      name: "La Mare",
      geometry: polygon(square(beauce.lng, beauce.lat, 100)),
    })
    return { anne, paul, olga, dan, field: field.id }
  }

  it("keeps a text comment and a voice comment, lists them newest first, and gives the sound back byte for byte", async () => {
    const w = await world()
    const text = await putComment(w.paul, { field: w.field, text: "  Fossé à curer côté route  " })
    expect(text.status).toBe(200)
    expect(text.body).toMatchObject({
      id: text.id,
      field: w.field,
      author: { id: w.paul.id },
      text: "Fossé à curer côté route",
      sound: null,
      can: { delete: true },
    })
    const recorded = soundBytes("webm", 50_000)
    const spoken = await putComment(w.anne, { field: w.field, sound: voice(recorded) })
    expect(spoken.body).toMatchObject({
      text: null,
      sound: { contentType: "audio/webm;codecs=opus", bytes: recorded.length },
    })
    const listed = await comments(w.paul, w.field)
    expect(listed.body.map((c: { id: string }) => c.id)).toEqual([spoken.id, text.id])
    // Paul wrote the first; the second is Anne's, and Paul does not manage her field.
    expect(listed.body.map((c: { can: { delete: boolean } }) => c.can.delete)).toEqual([false, true])
    const fetched = await sound(w.paul, spoken.id)
    expect(fetched.status).toBe(200)
    expect(fetched.type).toBe("audio/webm;codecs=opus")
    expect(fetched.bytes.equals(recorded)).toBe(true)
    // A text comment has no sound to fetch; without ?sound=true the call is refused.
    expect((await sound(w.paul, text.id)).status).toBe(404)
    expect(
      (await app.call("GET", `/api/v2/fields_comment/${spoken.id}`, { headers: w.paul.auth })).status,
    ).toBe(400)
  })

  it.each([
    ["ogg", "audio/ogg;codecs=opus"],
    ["mp4", "audio/mp4"],
    ["aac", "audio/aac"],
  ] as const)("takes a %s recording (%s)", async (family, contentType) => {
    const w = await world()
    const bytes = soundBytes(family)
    const saved = await putComment(w.anne, {
      field: w.field,
      text: "Écoutez",
      sound: voice(bytes, contentType),
    })
    expect(saved.body.sound).toEqual({ contentType, bytes: bytes.length })
    const fetched = await sound(w.anne, saved.id)
    expect([fetched.type, fetched.bytes.equals(bytes)]).toEqual([contentType, true])
  })

  it("refuses, in words and saving nothing, a sound too big, of another format, bytes that are not what they claim, and an empty comment", async () => {
    const w = await world()
    const tooBig = await putComment(w.anne, {
      field: w.field,
      sound: voice(soundBytes("webm", maxSoundBytes)),
    })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body).toMatchObject({ code: "soundTooLarge", message: expect.stringContaining("10 Mo") })
    // Past the raised body limit of this call, the body is not even read.
    const huge = JSON.stringify({ field: w.field, sound: voice(soundBytes("webm", 11 * 1024 * 1024)) })
    const refused = await app.call("PUT", `/api/v2/fields_comment/${randomUUID()}`, {
      body: huge,
      headers: { ...w.anne.auth, "content-type": "application/json", "content-length": String(huge.length) },
    })
    expect(refused.status).toBe(413)
    expect(await refused.json()).toMatchObject({ code: "payloadTooLarge" })
    const wav = await putComment(w.anne, { field: w.field, sound: voice(soundBytes("webm"), "audio/wav") })
    expect(wav.body).toMatchObject({ code: "soundFormat", message: expect.stringContaining("WebM") })
    // Declared WebM, but the bytes are a PNG image; declared Ogg, but the bytes are WebM.
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      soundBytes("aac"),
    ])
    expect((await putComment(w.anne, { field: w.field, sound: voice(png) })).body.code).toBe("soundFormat")
    const mislabelled = await putComment(w.anne, {
      field: w.field,
      sound: voice(soundBytes("webm"), "audio/ogg"),
    })
    expect([mislabelled.status, mislabelled.body.code]).toEqual([400, "soundFormat"])
    expect((await putComment(w.anne, { field: w.field, text: "   " })).body.code).toBe("commentEmpty")
    expect((await putComment(w.anne, { field: w.field, text: "x".repeat(2001) })).body.code).toBe(
      "commentTooLong",
    )
    expect((await comments(w.anne, w.field)).body).toEqual([])
  })

  it("creates a retried comment once, and refuses its id for another comment", async () => {
    const w = await world()
    const body = { field: w.field, text: "Semis le 12", sound: voice(soundBytes("ogg"), "audio/ogg") }
    const first = await putComment(w.anne, body)
    const again = await putComment(w.anne, body, first.id)
    expect(again).toEqual(first)
    expect((await comments(w.anne, w.field)).body).toHaveLength(1)
    const taken = await putComment(w.paul, { field: w.field, text: "Autre" }, first.id)
    expect([taken.status, taken.body.code]).toEqual([409, "commentIdTaken"])
  })

  it("lets those who see the field read and comment, the author delete their own, and who manages the field delete any", async () => {
    const w = await world()
    const byPaul = await putComment(w.paul, { field: w.field, text: "Clôture cassée" })
    const byAnne = await putComment(w.anne, { field: w.field, text: "Réparée" })
    const other = await putComment(w.paul, { field: w.field, text: "Merci" })
    // Olga does not see the field: nothing of it, nor of its comments.
    expect((await comments(w.olga, w.field)).status).toBe(404)
    expect((await putComment(w.olga, { field: w.field, text: "?" })).status).toBe(404)
    expect((await sound(w.olga, byPaul.id)).status).toBe(404)
    expect((await removeComment(w.olga, byPaul.id)).status).toBe(404)
    // Paul sees it but may not delete Anne's comment; he deletes his own.
    expect(await removeComment(w.paul, byAnne.id)).toMatchObject({ status: 403, body: forbidden })
    expect((await removeComment(w.paul, byPaul.id)).status).toBe(204)
    // Dan manages Anne's fields: he may delete Paul's comment.
    expect((await comments(w.dan, w.field)).body.map((c: { can: object }) => c.can)).toEqual([
      { delete: true },
      { delete: true },
    ])
    expect((await removeComment(w.dan, other.id)).status).toBe(204)
    expect((await comments(w.anne, w.field)).body.map((c: { id: string }) => c.id)).toEqual([byAnne.id])
    expect((await removeComment(w.anne, other.id)).status).toBe(404)
  })

  it("removes a field's comments with the field", async () => {
    const w = await world()
    await putComment(w.anne, { field: w.field, sound: voice(soundBytes("mp4"), "audio/mp4") })
    expect((await app.call("DELETE", `/api/v2/fields/${w.field}`, { headers: w.anne.auth })).status).toBe(204)
    expect((await get(w.anne, w.field)).status).toBe(404)
    const left = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM field_comments WHERE field_id = ${w.field}`,
    )
    expect(left[0]?.n).toBe(0)
  })

  it("offers to give a field to whom its manager may give it, never to its owner now", async () => {
    const w = await world()
    const candidates = (who: { auth: Record<string, string> }) =>
      app.call("GET", `/api/v2/fields/${w.field}/owner/candidates`, { headers: who.auth })
    const forAnne = await (await candidates(w.anne)).json()
    expect(forAnne.map((p: { id: string }) => p.id)).toEqual([w.paul.id])
    // Dan manages Anne's fields and belongs to no structure: he may take it himself.
    expect((await (await candidates(w.dan)).json()).map((p: { id: string }) => p.id)).toEqual([w.dan.id])
    expect((await candidates(w.paul)).status).toBe(403)
    expect((await candidates(w.olga)).status).toBe(404)
  })
})
