import { randomUUID } from "node:crypto"
import { HttpApi } from "@effect/platform"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { SillonApi } from "../../../src/schema/api"
import { serverMessages } from "../../../src/schema/messages"
import { backends, fromAddress, startTestApp, type TestApp } from "../app"
import { cells, frenchMessages, matrix } from "./matrix"
import { buildWorld } from "./world"

/** Every endpoint of the contract, with its method and path. */
const endpoints = new Map<string, { method: string; path: string }>()
HttpApi.reflect(SillonApi, {
  onGroup: () => {},
  onEndpoint: ({ group, endpoint }) =>
    endpoints.set(`${group.identifier}.${endpoint.name}`, { method: endpoint.method, path: endpoint.path }),
})

const all = cells()
console.log(
  `authorization matrix: ${all.length} cells over ${new Set(all.map((c) => c.endpoint)).size} endpoints`,
)

describe("authorization matrix", () => {
  it("has rows for every endpoint of the API, and only for those", () => {
    const missing = [...endpoints.keys()].filter(
      (key) => !(key in matrix) || !all.some((c) => c.endpoint === key),
    )
    const unknown = Object.keys(matrix).filter((key) => !endpoints.has(key))
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] })
  })

  it("spells out the French text of every 403 it expects, equal to the server's", () => {
    for (const [code, text] of Object.entries(frenchMessages))
      expect(text, code).toBe(serverMessages[code as keyof typeof frenchMessages])
    for (const cell of all.filter((c) => c.status === 403)) {
      expect(cell.code, `${cell.endpoint} ${cell.actor}`).toBeDefined()
      const code = cell.code as keyof typeof frenchMessages
      expect(frenchMessages[code], `${cell.endpoint}: ${code}`).toBe(serverMessages[code])
    }
  })
})

describe.each(backends)("authorization matrix on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  for (const cell of all) {
    const rows = matrix[cell.endpoint]
    const expected = `${cell.status}${cell.code ? ` ${cell.code}` : ""}`
    const variant = cell.variant === undefined ? undefined : rows.variants?.[cell.variant]
    const title = `${cell.endpoint}: ${cell.actor} on ${cell.target}${cell.variant ? ` (${cell.variant})` : ""}`
    it(`${title} → ${expected}`, async () => {
      const endpoint = endpoints.get(cell.endpoint)
      if (!endpoint) throw new Error(`${cell.endpoint} is not in the API`)
      const world = await buildWorld(app, cell.actor, rows, variant)
      const ids = cell.target === "-" ? undefined : world.ids[cell.target === "B" ? "B" : "A"]
      const context = { actor: world.actor, fresh: () => `p-${randomUUID()}@example.org` }
      let path = endpoint.path
      if (ids && rows.id) path = path.replace(":id", ids[rows.id])
      const userId =
        cell.target === "A/guest"
          ? world.guest
          : cell.actor === "self" || variant?.user === "actor"
            ? world.actor.id
            : ids?.bob
      path = path.replace(":userId", userId ?? "")
      for (const [name, value] of Object.entries(rows.params ?? {})) path = path.replace(`:${name}`, value)
      for (const [name, kind] of Object.entries(rows.pathIds ?? {}))
        path = path.replace(`:${name}`, ids?.[kind] ?? "")
      const query = rows.query?.({ ...context, cluster: ids?.cluster ?? "", machine: ids?.machine ?? "" })
      if (query && Object.keys(query).length > 0) path = `${path}?${new URLSearchParams(query)}`
      const res = await app.call(endpoint.method, path, {
        body: (variant?.body ?? rows.body)?.(context),
        headers: { ...fromAddress(), ...world.actor.auth, ...rows.headers?.(context) },
      })
      const text = await res.text()
      // A 200 may be bytes (a comment's sound, a vector tile): only JSON is parsed; a tile's strings
      // (the fields' ids) are read in its text as they are.
      const body =
        text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text || undefined
      expect({ status: res.status, code: cell.code ? body?.code : undefined }, text.slice(0, 300)).toEqual({
        status: cell.status,
        code: cell.code,
      })
      if (cell.status === 403)
        expect(body.message).toBe(frenchMessages[cell.code as keyof typeof frenchMessages])
      // `shows`: the listed actors get A's record in the answer, and no one else does (on B: the
      // record asked is B's).
      if (cell.status === 200 && rows.shows !== undefined && cell.target !== "B") {
        const seen = (JSON.stringify(body) ?? "").includes(world.ids.A[rows.shows.id])
        expect(seen, `${cell.actor} sees A's ${rows.shows.id}`).toBe(rows.shows.to.includes(cell.actor))
      }
    })
  }
})
