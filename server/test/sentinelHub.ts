import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import type { VegetationConfig } from "../config"

/**
 * A TEST DOUBLE of the Copernicus Data Space Ecosystem's Sentinel Hub Statistical API and its
 * OAuth2 token endpoint, as their documentation describes them: a token for the client credentials
 * it was given (`grant_type=client_credentials`, form-encoded), then `POST /api/v1/statistics` with
 * that bearer token, whose body must hold `input.bounds.geometry` (a Polygon or MultiPolygon) with
 * its CRS, `input.data[0].type` `sentinel-2-l2a`, `aggregation.timeRange` from/to instants,
 * `aggregation.aggregationInterval.of` in days (`P5D`), an evalscript reading B04, B08, SCL and
 * dataMask, and `resx`/`resy`. It answers `{ data: [{ interval, outputs.ndvi.bands.B0.stats }],
 * status: "OK" }` per interval.
 *
 * Its figures are made up, deterministically from the request (the outline's first corner and
 * the interval's first day): NO REAL SATELLITE VALUE. Over a season the mean rises from 0.2 in
 * winter to about 0.8 in early June and falls back; every fourth interval has no image (absent
 * from `data`, as the real API leaves out intervals without data), every seventh is under cloud
 * (every pixel masked: `NaN` stats), every eleventh is two-thirds cloudy.
 */
export interface SentinelHubStandIn {
  /** Its base, as `NDVI_API_URL`. */
  readonly url: string
  /** Its token endpoint, as `NDVI_TOKEN_URL`. */
  readonly tokenUrl: string
  /** The configuration of an app that asks it, with the right credentials. */
  readonly config: (overrides?: Partial<VegetationConfig>) => VegetationConfig
  /** Statistical requests received (their bodies), and tokens issued. */
  readonly requests: Array<StatisticalRequest>
  readonly tokens: () => number
  /** The next `times` statistical requests are answered `status` (with Retry-After: 0 for 429 and 503). */
  readonly fail: (status: number, times?: number) => void
  /** Forgets the tokens issued (as if they were revoked): the next request with one gets a 401. */
  readonly revokeTokens: () => void
  readonly close: () => Promise<void>
}

export const standInClient = { id: "sillon-stand-in", secret: "stand-in-secret" }

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = ""
    req.setEncoding("utf8")
    req.on("data", (c: string) => {
      body += c
    })
    req.on("end", () => resolve(body))
    req.on("error", reject)
  })

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { "content-type": "application/json", ...headers })
  res.end(JSON.stringify(body))
}

/** The API's error shape. */
const apiError = (status: number, reason: string, message: string) => ({
  error: { status, reason, message, code: status === 401 ? "COMMON_UNAUTHORIZED" : "COMMON_BAD_PAYLOAD" },
})

/** A number in [0, 1) from a text, stable from run to run. */
const unit = (text: string) => {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return ((h >>> 0) % 10_000) / 10_000
}

type Ring = ReadonlyArray<readonly [number, number]>
const ringArea = (ring: Ring) => {
  let a = 0
  for (let i = 0; i + 1 < ring.length; i++) {
    const p = ring[i]
    const q = ring[i + 1]
    if (p && q) a += p[0] * q[1] - q[0] * p[1]
  }
  return Math.abs(a) / 2
}
/** The outline's polygons (rings), from a Polygon or a MultiPolygon. */
const polygonsOf = (g: {
  type?: unknown
  coordinates?: unknown
}): ReadonlyArray<ReadonlyArray<Ring>> | null => {
  if (g.type === "Polygon" && Array.isArray(g.coordinates)) return [g.coordinates as ReadonlyArray<Ring>]
  if (g.type === "MultiPolygon" && Array.isArray(g.coordinates))
    return g.coordinates as ReadonlyArray<ReadonlyArray<Ring>>
  return null
}

/** A statistical request as received: any part may be missing or of another type. */
export interface StatisticalRequest {
  readonly input?: {
    readonly bounds?: {
      readonly geometry?: { readonly type?: unknown; readonly coordinates?: unknown }
      readonly properties?: { readonly crs?: unknown }
    }
    readonly data?: ReadonlyArray<{ readonly type?: unknown }>
  }
  readonly aggregation?: {
    readonly timeRange?: { readonly from?: unknown; readonly to?: unknown }
    readonly aggregationInterval?: { readonly of?: unknown }
    readonly evalscript?: unknown
    readonly resx?: unknown
    readonly resy?: unknown
  }
}

const instant = (v: unknown) => (typeof v === "string" ? Date.parse(v) : Number.NaN)

/** What the statistics are computed from, once the request is one the documentation describes. */
interface Valid {
  readonly polygons: ReadonlyArray<ReadonlyArray<Ring>>
  readonly from: number
  readonly to: number
  readonly stepDays: number
  readonly pixelArea: number
}

/** The request's parts, or why it is not one the documentation describes. */
const validate = (body: StatisticalRequest): Valid | string => {
  const bounds = body.input?.bounds
  const polygons = bounds?.geometry ? polygonsOf(bounds.geometry) : null
  if (!polygons) return "input.bounds.geometry must be a (Multi)Polygon"
  const crs = bounds?.properties?.crs
  if (typeof crs !== "string" || !crs.startsWith("http://www.opengis.net/def/crs/"))
    return "input.bounds.properties.crs must name a CRS"
  if (body.input?.data?.[0]?.type !== "sentinel-2-l2a") return "input.data[0].type must be sentinel-2-l2a"
  const agg = body.aggregation
  const from = instant(agg?.timeRange?.from)
  const to = instant(agg?.timeRange?.to)
  if (Number.isNaN(from) || Number.isNaN(to)) return "aggregation.timeRange needs from and to"
  const step = /^P(\d+)D$/.exec(String(agg?.aggregationInterval?.of ?? ""))
  if (!step) return "aggregation.aggregationInterval.of must be PnD"
  const script = agg?.evalscript
  if (typeof script !== "string" || !script.startsWith("//VERSION=3"))
    return "aggregation.evalscript must be a VERSION=3 evalscript"
  for (const band of ["B04", "B08", "SCL", "dataMask"])
    if (!script.includes(`"${band}"`)) return `the evalscript must read ${band}`
  if (!script.includes('id: "ndvi"')) return "the evalscript must output ndvi"
  if (typeof agg?.resx !== "number" || typeof agg.resy !== "number") return "aggregation needs resx and resy"
  return { polygons, from, to, stepDays: Number(step[1]), pixelArea: agg.resx * agg.resy }
}

const day = 86_400_000

/** The stand-in's answer to a valid request. */
const statistics = ({ polygons, from: start, to: end, stepDays, pixelArea }: Valid) => {
  const area = polygons.reduce(
    (sum, rings) => sum + ringArea(rings[0] ?? []) - rings.slice(1).reduce((h, r) => h + ringArea(r), 0),
    0,
  )
  const pixels = Math.max(1, Math.round(area / pixelArea))
  const corner = polygons[0]?.[0]?.[0] ?? [0, 0]
  const seed = `${Math.round(corner[0])},${Math.round(corner[1])}`
  const step = stepDays * day
  const data = []
  for (let from = start, n = 0; from < end; from += step, n++) {
    const to = Math.min(from + step, end)
    const interval = {
      from: new Date(from).toISOString().replace(".000Z", "Z"),
      to: new Date(to).toISOString().replace(".000Z", "Z"),
    }
    if (n % 4 === 3) continue
    const start = new Date(from)
    const dayOfYear = (from - Date.UTC(start.getUTCFullYear(), 0, 1)) / day
    const mean = 0.2 + 0.6 * Math.exp(-(((dayOfYear - 155) / 70) ** 2)) + (unit(seed) - 0.5) * 0.1
    const masked =
      n % 7 === 6
        ? pixels
        : n % 11 === 10
          ? Math.round((pixels * 2) / 3)
          : Math.round(pixels * 0.05 * unit(`${seed}${n}`))
    const stats =
      masked >= pixels
        ? { min: "NaN", max: "NaN", mean: "NaN", stDev: "NaN", sampleCount: pixels, noDataCount: pixels }
        : {
            min: mean - 0.15,
            max: Math.min(1, mean + 0.12),
            mean,
            stDev: 0.04,
            sampleCount: pixels,
            noDataCount: masked,
          }
    data.push({ interval, outputs: { ndvi: { bands: { B0: { stats } } } } })
  }
  return { data, status: "OK" }
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`). */
export const startSentinelHubStandIn = async (port = 0): Promise<SentinelHubStandIn> => {
  const tokens = new Set<string>()
  let issued = 0
  let failures: { status: number; times: number } | undefined
  const requests: Array<StatisticalRequest> = []

  const server = createServer(async (req, res) => {
    const text = await read(req)
    if (req.method === "POST" && req.url === "/token") {
      const form = new URLSearchParams(text)
      if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded"))
        return json(res, 400, { error: "invalid_request" })
      if (form.get("grant_type") !== "client_credentials")
        return json(res, 400, { error: "unsupported_grant_type" })
      if (form.get("client_id") !== standInClient.id || form.get("client_secret") !== standInClient.secret)
        return json(res, 401, {
          error: "invalid_client",
          error_description: "Invalid client or Invalid client credentials",
        })
      const token = randomUUID()
      tokens.add(token)
      issued++
      return json(res, 200, {
        access_token: token,
        expires_in: 600,
        token_type: "Bearer",
        scope: "email profile",
      })
    }
    if (req.method === "POST" && req.url === "/api/v1/statistics") {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1]
      if (!bearer || !tokens.has(bearer))
        return json(res, 401, apiError(401, "Unauthorized", "Not authorized"))
      let body: StatisticalRequest
      try {
        body = JSON.parse(text) as StatisticalRequest
      } catch {
        return json(res, 400, apiError(400, "Bad Request", "The request body is not JSON"))
      }
      requests.push(body)
      if (failures && failures.times > 0) {
        failures.times--
        const { status } = failures
        const retry: Record<string, string> = status === 429 || status === 503 ? { "retry-after": "0" } : {}
        return json(
          res,
          status,
          apiError(status, status === 429 ? "Too Many Requests" : "Error", "stand-in failure"),
          retry,
        )
      }
      const valid = validate(body)
      if (typeof valid === "string") return json(res, 400, apiError(400, "Bad Request", valid))
      return json(res, 200, statistics(valid))
    }
    json(res, 404, apiError(404, "Not Found", "no such endpoint"))
  })
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    tokenUrl: `${url}/token`,
    config: (overrides = {}) => ({
      apiUrl: url,
      tokenUrl: `${url}/token`,
      clientId: standInClient.id,
      clientSecret: standInClient.secret,
      retryBaseMillis: 100,
      ...overrides,
    }),
    requests,
    tokens: () => issued,
    fail: (status, times = 1) => {
      failures = { status, times }
    },
    revokeTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
