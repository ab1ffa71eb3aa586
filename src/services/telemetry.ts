import { FetchHttpClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Data, DateTime, Duration, Effect, Option, Schema, Stream } from "effect"
import { GeolocGroup, LiveFix } from "../schema/api.geoloc"
import { TelemetryGroup } from "../schema/api.telemetry"
import type { CounterId, MachineId } from "../schema/ids"
import { ApiClientConfig, clientOf } from "./apiClient"
import { authorizedClient } from "./authorizedClient"
import { TokenStore } from "./tokenStore"

/** What boxes sent, the calls the charts invoke (SPEC §7). */
const api = clientOf(TelemetryGroup, GeolocGroup)

const utc = (iso: string) => DateTime.unsafeMake(iso)
const period = (start: string, end: string) => ({ start_date: utc(start), end_date: utc(end) })

export const historyLocs = (id: MachineId, start: string, end: string, page: number) =>
  Effect.flatMap(api, (c) =>
    c.telemetry.historyLocs({ path: { id }, urlParams: { ...period(start, end), page, limit: 100 } }),
  )

export const historyCsv = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) => c.telemetry.historyCsv({ path: { id }, urlParams: period(start, end) }))

export const devicesInformations = (idMachine: MachineId) =>
  Effect.flatMap(api, (c) => c.telemetry.devicesInformations({ urlParams: { idMachine } }))

/** "Trouver mes machines": every machine the person sees at its latest position. */
export const lastPositions = () => Effect.flatMap(api, (c) => c.geoloc.last())

/** What the live stream tells the chart: it is open, or a machine's new fix. */
export type LiveEvent =
  | { readonly type: "geoloc.ready" }
  | { readonly type: "geoloc.fix"; readonly fix: LiveFix }

/** The live stream failed: `sessionOver` when the person must sign in again (no reconnecting then). */
export class LiveStreamFailed extends Data.TaggedError("LiveStreamFailed")<{
  readonly sessionOver: boolean
}> {}

/** No byte for this long (the server pings every 25 s): the connection is taken for lost. */
const liveSilence = Duration.seconds(60)

/** The wait before connecting again after `attempt` failures in a row: 1, 2, 4… 30 s, with jitter. */
export const liveBackoffMs = (attempt: number) =>
  attempt <= 0 ? 0 : Math.min(30_000, 1000 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5)

const decodeFix = Schema.decodeUnknownOption(Schema.parseJson(LiveFix))

/**
 * Reads `GET machinesGeolocation/live` (server-sent events) with fetch and a stream reader, the
 * token in the `Authorization` header as every call (an expired one is refreshed and the request
 * replayed, as for every call), after `liveBackoffMs(attempt)`. Hands each event to `receive`;
 * succeeds when the server ends the stream (the token's expiry: the caller connects again), fails
 * when it cannot be read, or with `sessionOver` when the session has ended.
 */
export const liveStream = (attempt: number, receive: (event: LiveEvent) => void) =>
  Effect.gen(function* () {
    yield* Effect.sleep(Duration.millis(liveBackoffMs(attempt)))
    const store = yield* TokenStore
    const options = yield* ApiClientConfig
    const client = authorizedClient(yield* HttpClient.HttpClient, store, options)
    const response = yield* client
      .execute(
        HttpClientRequest.get(`${options.baseUrl}/api/v2/machinesGeolocation/live`, {
          headers: { accept: "text/event-stream" },
        }),
      )
      .pipe(Effect.mapError(() => new LiveStreamFailed({ sessionOver: false })))
    if (response.status !== 200)
      return yield* Effect.fail(new LiveStreamFailed({ sessionOver: response.status === 401 }))
    let name = "message"
    let data = ""
    let opened = false
    yield* response.stream.pipe(
      Stream.timeoutFail(() => new LiveStreamFailed({ sessionOver: false }), liveSilence),
      Stream.decodeText(),
      Stream.splitLines,
      Stream.runForEach((line) =>
        Effect.sync(() => {
          if (line === "") {
            if (name === "ready") {
              opened = true
              receive({ type: "geoloc.ready" })
            } else if (name === "fix") {
              const fix = decodeFix(data)
              if (Option.isSome(fix)) receive({ type: "geoloc.fix", fix: fix.value })
            }
            name = "message"
            data = ""
          } else if (line.startsWith("event:")) name = line.slice(6).trim()
          else if (line.startsWith("data:")) data += line.slice(5).trim()
        }),
      ),
      Effect.mapError(() => new LiveStreamFailed({ sessionOver: false })),
    )
    // Ended before it opened: something between refused it; try again later rather than at once.
    if (!opened) return yield* Effect.fail(new LiveStreamFailed({ sessionOver: false }))
  }).pipe(Effect.asVoid, Effect.provide(FetchHttpClient.layer))

export const counterFixes = (id: CounterId, start: string, end: string, page: number) =>
  Effect.flatMap(api, (c) =>
    c.telemetry.counterFixes({ path: { id }, urlParams: { ...period(start, end), page, limit: 100 } }),
  )

/** Where a machine has been over a UTC period [start, end) of at most 31 days (its history map). */
export const geolocHistory = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) =>
    c.telemetry.geolocHistory({ path: { id }, urlParams: { startDate: utc(start), endDate: utc(end) } }),
  )
