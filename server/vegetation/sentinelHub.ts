import { Data, Effect, Schema } from "effect"
import type { VegetationProblem } from "../../src/schema/vegetation"
import { Config, type VegetationConfig } from "../config"

/**
 * NDVI from Sentinel-2 Level-2A, per 10 m pixel: (B08 − B04) / (B08 + B04). A pixel counts only
 * when it holds data and the scene classification (SCL) does not call it saturated or defective
 * (1), cloud shadow (3), cloud of medium or high probability (8, 9), thin cirrus (10) or snow (11);
 * the others are masked out (`dataMask` 0) and counted in `noDataCount`.
 */
export const ndviEvalscript = `//VERSION=3
function setup() {
  return {
    input: [{ bands: ["B04", "B08", "SCL", "dataMask"] }],
    output: [
      { id: "ndvi", bands: 1, sampleType: "FLOAT32" },
      { id: "dataMask", bands: 1 }
    ]
  }
}
const masked = [0, 1, 3, 8, 9, 10, 11]
function evaluatePixel(samples) {
  const clear = samples.dataMask === 1 && masked.indexOf(samples.SCL) === -1
  return { ndvi: [index(samples.B08, samples.B04)], dataMask: [clear ? 1 : 0] }
}`

/** The length of one interval of a season. */
export const interval = "P5D"

/** A field's outline for the provider: GeoJSON in a projected CRS (UTM, metres), with its EPSG code. */
export interface ProjectedOutline {
  readonly epsg: number
  readonly geometry: unknown
}

/** One interval of the provider's answer, figures as sent (null for its "NaN"). */
export interface MeasuredInterval {
  readonly from: string
  readonly to: string
  readonly mean: number | null
  readonly min: number | null
  readonly max: number | null
  readonly stDev: number | null
  readonly sampleCount: number
  readonly noDataCount: number
}

/** The provider refused or failed; `retry` when trying again later may succeed, after `afterMillis` if it said. */
export class ProviderFailure extends Data.TaggedError("ProviderFailure")<{
  readonly problem: VegetationProblem
  readonly retry: boolean
  readonly afterMillis: number | undefined
  readonly detail: string
}> {}

const Stat = Schema.Union(Schema.Number, Schema.Literal("NaN", "Infinity", "-Infinity"))
const Stats = Schema.Struct({
  min: Schema.optional(Stat),
  max: Schema.optional(Stat),
  mean: Schema.optional(Stat),
  stDev: Schema.optional(Stat),
  sampleCount: Schema.Number,
  noDataCount: Schema.Number,
})
/** The Statistical API's answer (only what is read of it). */
const StatisticsResponse = Schema.Struct({
  status: Schema.optional(Schema.String),
  data: Schema.Array(
    Schema.Struct({
      interval: Schema.Struct({ from: Schema.String, to: Schema.String }),
      outputs: Schema.optional(
        Schema.Record({
          key: Schema.String,
          value: Schema.Struct({
            bands: Schema.Record({ key: Schema.String, value: Schema.Struct({ stats: Stats }) }),
          }),
        }),
      ),
      error: Schema.optional(Schema.Struct({ type: Schema.optional(Schema.String) })),
    }),
  ),
})
const TokenResponse = Schema.Struct({ access_token: Schema.String, expires_in: Schema.Number })

const finite = (v: number | string | undefined): number | null =>
  typeof v === "number" && Number.isFinite(v) ? v : null

/** Seconds or an HTTP date, as Retry-After says it. */
const retryAfterMillis = (value: string | null): number | undefined => {
  if (value === null) return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now())
}

const tokenTimeout = 15_000
const statisticsTimeout = 60_000

/** A failure for an HTTP answer that is not a success. */
const failureOf = (response: Response, body: string, what: string) => {
  const detail = `${what}: HTTP ${response.status} ${body.slice(0, 300)}`
  const afterMillis = retryAfterMillis(response.headers.get("retry-after"))
  if (response.status === 429)
    return new ProviderFailure({ problem: "vegetationRateLimited", retry: true, afterMillis, detail })
  if (response.status === 401 || response.status === 403)
    return new ProviderFailure({ problem: "vegetationRefused", retry: false, afterMillis, detail })
  if (response.status >= 500)
    return new ProviderFailure({ problem: "vegetationUnavailable", retry: true, afterMillis, detail })
  return new ProviderFailure({ problem: "vegetationRejected", retry: false, afterMillis, detail })
}

const unreachable = (what: string, error: unknown) =>
  new ProviderFailure({
    problem: "vegetationUnavailable",
    retry: true,
    afterMillis: undefined,
    detail: `${what}: ${error instanceof Error ? error.message : String(error)}`,
  })

/** A POST, its answer's text, or why not (network, timeout). */
const post = (url: string, init: RequestInit, timeout: number, what: string) =>
  Effect.tryPromise({
    try: async (signal) => {
      const response = await fetch(url, {
        ...init,
        method: "POST",
        signal: AbortSignal.any([signal, AbortSignal.timeout(timeout)]),
      })
      return { response, body: await response.text() }
    },
    catch: (error) => unreachable(what, error),
  })

/** The variables still to set before the provider can be asked (none when configured). */
export const missingSettings = (config: VegetationConfig): ReadonlyArray<string> => [
  ...(config.clientId ? [] : ["NDVI_CLIENT_ID"]),
  ...(config.clientSecret ? [] : ["NDVI_CLIENT_SECRET"]),
]

/**
 * The Copernicus Data Space Ecosystem's Sentinel Hub Statistical API: a token by OAuth2 client
 * credentials (kept until a minute before it expires, asked again once when the API refuses it),
 * then one `POST {apiUrl}/api/v1/statistics` per field and season: the field's outline, the
 * season's time range cut into 5-day intervals, the NDVI evalscript, 10 m pixels.
 */
export class SentinelHub extends Effect.Service<SentinelHub>()("SentinelHub", {
  effect: Effect.gen(function* () {
    const { vegetation: config } = yield* Config
    let token: { readonly value: string; readonly until: number } | undefined

    const newToken = Effect.gen(function* () {
      const form = new URLSearchParams({
        grant_type: "client_credentials",
        client_id: config.clientId ?? "",
        client_secret: config.clientSecret ?? "",
      })
      const { response, body } = yield* post(
        config.tokenUrl,
        { headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() },
        tokenTimeout,
        "token",
      )
      // The identity server answers 400 or 401 to credentials it does not know.
      if (response.status === 400 || response.status === 401)
        return yield* Effect.fail(
          new ProviderFailure({
            problem: "vegetationRefused",
            retry: false,
            afterMillis: undefined,
            detail: `token: HTTP ${response.status} ${body.slice(0, 300)}`,
          }),
        )
      if (!response.ok) return yield* Effect.fail(failureOf(response, body, "token"))
      const parsed = yield* Schema.decodeUnknown(Schema.parseJson(TokenResponse))(body).pipe(
        Effect.mapError((e) => unreachable("token answer", e)),
      )
      token = {
        value: parsed.access_token,
        until: Date.now() + Math.max(0, parsed.expires_in - 60) * 1000,
      }
      return token.value
    })

    const currentToken = Effect.suspend(() =>
      token && token.until > Date.now() ? Effect.succeed(token.value) : newToken,
    )

    const ask = (body: string, bearer: string) =>
      post(
        `${config.apiUrl}/api/v1/statistics`,
        {
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            authorization: `Bearer ${bearer}`,
          },
          body,
        },
        statisticsTimeout,
        "statistics",
      )

    return {
      missing: missingSettings(config),
      /** The field's NDVI over `[from, to)`, per 5-day interval the provider had images for. */
      statistics: (outline: ProjectedOutline, from: string, to: string) =>
        Effect.gen(function* () {
          const request = JSON.stringify({
            input: {
              bounds: {
                geometry: outline.geometry,
                properties: { crs: `http://www.opengis.net/def/crs/EPSG/0/${outline.epsg}` },
              },
              data: [{ type: "sentinel-2-l2a", dataFilter: { mosaickingOrder: "leastCC" } }],
            },
            aggregation: {
              timeRange: { from, to },
              aggregationInterval: { of: interval, lastIntervalBehavior: "SHORTEN" },
              evalscript: ndviEvalscript,
              resx: 10,
              resy: 10,
            },
          })
          let answer = yield* ask(request, yield* currentToken)
          if (answer.response.status === 401) {
            // Revoked or expired early: one new token, one more try.
            token = undefined
            answer = yield* ask(request, yield* currentToken)
          }
          if (!answer.response.ok)
            return yield* Effect.fail(failureOf(answer.response, answer.body, "statistics"))
          const parsed = yield* Schema.decodeUnknown(Schema.parseJson(StatisticsResponse))(answer.body).pipe(
            Effect.mapError((e) => unreachable("statistics answer", e)),
          )
          return parsed.data.map((d): MeasuredInterval => {
            const stats = d.outputs?.ndvi?.bands.B0?.stats
            return {
              from: d.interval.from,
              to: d.interval.to,
              mean: d.error ? null : finite(stats?.mean),
              min: d.error ? null : finite(stats?.min),
              max: d.error ? null : finite(stats?.max),
              stDev: d.error ? null : finite(stats?.stDev),
              sampleCount: stats?.sampleCount ?? 0,
              noDataCount: stats?.noDataCount ?? stats?.sampleCount ?? 0,
            }
          })
        }).pipe(Effect.withSpan("SentinelHub.statistics")),
    }
  }),
}) {}
