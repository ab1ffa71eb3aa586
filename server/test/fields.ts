import { randomUUID } from "node:crypto"
import type { TestApp } from "./app"
import { send } from "./clusters"
import { parcelFile } from "./parcels"

type Person = { readonly auth: Record<string, string> }

/** A square of `side` metres (roughly: degrees scaled at its latitude) with its south-west corner at lng, lat. */
export const square = (lng: number, lat: number, side: number) => {
  const dLat = side / 111_320
  const dLng = side / (111_320 * Math.cos((lat * Math.PI) / 180))
  return [
    [lng, lat],
    [lng + dLng, lat],
    [lng + dLng, lat + dLat],
    [lng, lat + dLat],
    [lng, lat],
  ] as Array<[number, number]>
}

/** Near Illiers-Combray (Eure-et-Loir), where the demo CUMA works. */
export const beauce = { lng: 1.2405, lat: 48.3027 }

export const polygon = (...rings: Array<Array<[number, number]>>) => ({
  type: "Polygon" as const,
  coordinates: rings,
})

/** A file of the shared data as an import request sends it. */
export const importBody = (file: string, kind: "telepac" | "other", extra: Record<string, unknown> = {}) => ({
  kind,
  filename: file.split("/").pop(),
  content: Buffer.from(parcelFile(file)).toString("base64"),
  ...extra,
})

/** The field calls of the tests, on the app `app()` returns once started. */
export const fieldCalls = (app: () => TestApp) => ({
  putField: (who: Person, body: Record<string, unknown>, id: string = randomUUID()) =>
    send(app(), who as never, "PUT", `/api/v2/fields/${id}`, body).then((r) => ({ ...r, id })),
  list: (who: Person, query = "") => send(app(), who as never, "GET", `/api/v2/fields${query}`),
  get: (who: Person, id: string) => send(app(), who as never, "GET", `/api/v2/fields/${id}`),
  preview: (who: Person, body: unknown) =>
    send(app(), who as never, "POST", "/api/v2/fields/import/preview", body),
  confirm: (who: Person, body: unknown) => send(app(), who as never, "POST", "/api/v2/fields/import", body),
  count: async (ownerId: string) =>
    (
      await app().sql(
        (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM fields WHERE owner_id = ${ownerId}`,
      )
    )[0]?.n ?? 0,
})

/** Bytes that begin as a recording of `family` does (its signature), then `size` bytes of noise. */
export const soundBytes = (family: "webm" | "ogg" | "mp4" | "aac", size = 2048) => {
  const heads = {
    // EBML header, DocType "webm".
    webm: [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84, ...Buffer.from("webm")],
    ogg: [...Buffer.from("OggS"), 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, ...Buffer.from("OpusHead")],
    mp4: [0, 0, 0, 0x18, ...Buffer.from("ftypM4A "), 0, 0, 0, 0],
    aac: [0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc, 0, 0, 0, 0, 0],
  }
  const noise = Buffer.alloc(size)
  for (let i = 0; i < size; i++) noise[i] = (i * 7919 + 13) % 256
  return Buffer.concat([Buffer.from(heads[family]), noise])
}

/** The comment calls of the tests, on the app `app()` returns once started. */
export const commentCalls = (app: () => TestApp) => ({
  putComment: (who: Person, body: Record<string, unknown>, id: string = randomUUID()) =>
    send(app(), who as never, "PUT", `/api/v2/fields_comment/${id}`, body).then((r) => ({ ...r, id })),
  comments: (who: Person, field: string) =>
    send(app(), who as never, "GET", `/api/v2/fields_comment?field=${field}`),
  removeComment: (who: Person, id: string) =>
    send(app(), who as never, "DELETE", `/api/v2/fields_comment/${id}`),
  sound: async (who: Person, id: string) => {
    const res = await app().call("GET", `/api/v2/fields_comment/${id}?sound=true`, { headers: who.auth })
    return {
      status: res.status,
      type: res.headers.get("content-type"),
      bytes: Buffer.from(await res.arrayBuffer()),
    }
  },
})
