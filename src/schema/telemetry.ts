import { Schema } from "effect"

/**
 * The wire format boxes speak (documented for box makers in docs/box-protocol.md). Short keys:
 * a box uploads up to 20,000 fixes at a time over a mobile network.
 */

/** The vibration level a box reports (or a raw value, `vibRaw`, whose scale is the box's own). */
export const VibrationLevel = Schema.Literal("none", "low", "medium", "high")
export type VibrationLevel = typeof VibrationLevel.Type

/** A BLE tag heard with the fix: its id and the signal strength (dBm). */
export const HeardTag = Schema.Struct({
  id: Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64)),
  rssi: Schema.optional(Schema.Number),
})

const finite = Schema.Number.pipe(Schema.finite())

/**
 * One fix. `t` is UTC (ISO 8601 with `Z` or an offset); `lng`/`lat` WGS 84 degrees; `acc` the
 * horizontal accuracy (m); `spd` km/h; `hdg` degrees from north; `alt` m; `sat` satellites used;
 * `bat` battery percent; `can` named raw CAN values (engineSpeed rpm, engineHours h, fuelRate
 * l/h, fuelLevel %, pto rpm …); `tags` the BLE tags heard.
 */
export const WireFix = Schema.Struct({
  t: Schema.String,
  lng: finite,
  lat: finite,
  acc: Schema.optional(finite),
  spd: Schema.optional(finite),
  hdg: Schema.optional(finite),
  alt: Schema.optional(finite),
  sat: Schema.optional(Schema.Int),
  vib: Schema.optional(VibrationLevel),
  vibRaw: Schema.optional(finite),
  bat: Schema.optional(finite),
  can: Schema.optional(Schema.Record({ key: Schema.String, value: finite })),
  tags: Schema.optional(Schema.Array(HeardTag)),
})
export type WireFix = typeof WireFix.Type

/** Why one fix of a batch was refused (the rest of the batch is stored). */
export const FixRefusalReason = Schema.Literal(
  "malformed",
  "latitudeOutOfRange",
  "longitudeOutOfRange",
  "timeInFuture",
  "timeBeforeBox",
  "notANumber",
)
export type FixRefusalReason = typeof FixRefusalReason.Type

/** The answer to an upload, sent only once what was new is committed. */
export class IngestAnswer extends Schema.Class<IngestAnswer>("IngestAnswer")({
  /** Fixes stored by this upload. */
  new: Schema.Int,
  /** Fixes already stored (the same box and time): kept once. */
  known: Schema.Int,
  /** Fixes refused, by their index in the batch, with the reason. */
  refused: Schema.Array(Schema.Struct({ index: Schema.Int, reason: FixRefusalReason })),
}) {}

/** Where a fix came from: a box, a phone speaking OsmAnd, later an import or a partner. */
export const SourceKind = Schema.Literal("box", "phone", "import", "partner")
export type SourceKind = typeof SourceKind.Type
