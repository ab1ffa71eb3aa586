import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Forbidden, NotFound, Unauthorized } from "./errors"
import { CounterId, MachineId } from "./ids"
import { MachineSummary } from "./machine"
import type { MessageCode } from "./messages"
import { Authentication } from "./middleware"

/**
 * "Trouver mes machines" (SPEC §2 GeolocShortcut): every machine the caller sees at its last known
 * position, and the positions pushed live as boxes send them (docs/geoloc.md). Rights:
 * docs/rights.md#boxes-data.
 */

const code = (c: MessageCode) => ({ message: () => c })

/** A machine whose last fix went faster than this (km/h) is moving; GPS noise at rest stays below. */
export const movingSpeedKmh = 2

/** A last fix older than this (minutes) says the machine is no longer known to move. */
export const movingFreshMinutes = 10

/** Whether a fix of `speed` km/h taken at `atMs` shows the machine moving at `nowMs`. */
export const isMoving = (speed: number | null, atMs: number, nowMs: number) =>
  speed !== null && speed > movingSpeedKmh && nowMs - atMs <= movingFreshMinutes * 60_000

/** A machine's latest position, as its box sent it. */
export class LastFix extends Schema.Class<LastFix>("LastFix")({
  at: Schema.DateTimeUtc,
  lng: Schema.Number,
  lat: Schema.Number,
  /** km/h, null when the box sent none. */
  speed: Schema.NullOr(Schema.Number),
  /** Degrees from north. */
  heading: Schema.NullOr(Schema.Number),
}) {}

/** One machine of "Trouver mes machines". */
export class MachinePosition extends Schema.Class<MachinePosition>("MachinePosition")({
  machine: MachineSummary,
  /** Its latest fix (the live one when newer), null when its boxes never sent one. */
  position: Schema.NullOr(LastFix),
  /** The box on it now (else the last one it had), null when it never had one. */
  counter: Schema.NullOr(CounterId),
  /** That box's battery (percent), as it last said. */
  battery: Schema.NullOr(Schema.Number),
  /** When that box last reached the server. */
  lastCommunication: Schema.NullOr(Schema.DateTimeUtc),
  /** Whether the caller receives this machine's positions live (`live` stream). */
  live: Schema.Boolean,
}) {}

/** A fix as the live stream pushes it (`event: fix`). */
export class LiveFix extends Schema.Class<LiveFix>("LiveFix")({
  machine: MachineId,
  counter: CounterId,
  at: Schema.DateTimeUtc,
  lng: Schema.Number,
  lat: Schema.Number,
  speed: Schema.NullOr(Schema.Number),
  heading: Schema.NullOr(Schema.Number),
  battery: Schema.NullOr(Schema.Number),
}) {}

/** `event: ready`, the first of every stream: when it will close (the access token's expiry). */
export class LiveReady extends Schema.Class<LiveReady>("LiveReady")({
  closesAt: Schema.DateTimeUtc,
}) {}

/** Why the server closed a stream (`event: closed`): the token expired, the session ended, or `seconds` passed. */
export const LiveClosed = Schema.Struct({
  reason: Schema.Literal("tokenExpired", "sessionRevoked", "timeUp"),
})

/** The longest a stream may be asked to last (`seconds`); it closes at the token's expiry anyway. */
export const liveMaxSeconds = 86_400

export const LiveQuery = Schema.Struct({
  /** Close the stream after this many seconds (0: only the `ready` event); by default at the token's expiry. */
  seconds: Schema.optional(
    Schema.NumberFromString.pipe(
      Schema.int(code("badRequest")),
      Schema.between(0, liveMaxSeconds, code("badRequest")),
    ),
  ),
})

export class GeolocGroup extends HttpApiGroup.make("geoloc")
  /** Every machine the caller sees, at its latest position (SPEC §2 GeolocShortcut). */
  .add(HttpApiEndpoint.get("last", "/machinesGeolocation/last").addSuccess(Schema.Array(MachinePosition)))
  /**
   * Server-sent events: `ready`, then a `fix` for each position a box sends of a machine the caller
   * receives live, until the token expires (`closed`). Read with fetch and the `Authorization` header.
   */
  .add(
    HttpApiEndpoint.get("live", "/machinesGeolocation/live")
      .setUrlParams(LiveQuery)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/event-stream" })),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .middleware(Authentication)
  .prefix("/api/v2") {}
