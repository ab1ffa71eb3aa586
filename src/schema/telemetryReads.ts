import { Schema } from "effect"
import { ActivityId, CounterId, MachineId } from "./ids"
import { MachineSummary } from "./machine"
import type { MessageCode } from "./messages"
import { HeardTag, SourceKind, VibrationLevel } from "./telemetry"
import { WorkState } from "./workStates"

/**
 * What Sillon gives back of the fixes boxes sent (SPEC §7): a machine's raw fixes (`expert`), a
 * box's information, series and categories, and a box's data for the administrators.
 */

const code = (c: MessageCode) => ({ message: () => c })

/** Vibration as stored (smallint 0..3) and as read. */
export const vibrationLevels = VibrationLevel.literals

/** One stored fix with every value the box sent (null where it sent nothing). */
export class StoredFix extends Schema.Class<StoredFix>("StoredFix")({
  /** The box that sent it. */
  counter: CounterId,
  at: Schema.DateTimeUtc,
  lng: Schema.Number,
  lat: Schema.Number,
  /** Horizontal accuracy, m. */
  accuracy: Schema.NullOr(Schema.Number),
  /** km/h. */
  speed: Schema.NullOr(Schema.Number),
  /** Degrees from north. */
  heading: Schema.NullOr(Schema.Number),
  /** m. */
  altitude: Schema.NullOr(Schema.Number),
  satellites: Schema.NullOr(Schema.Number),
  vibration: Schema.NullOr(VibrationLevel),
  vibrationRaw: Schema.NullOr(Schema.Number),
  /** Percent. */
  battery: Schema.NullOr(Schema.Number),
  /** Named raw CAN values. */
  can: Schema.NullOr(Schema.Record({ key: Schema.String, value: Schema.Number })),
  tags: Schema.NullOr(Schema.Array(HeardTag)),
  /** When Sillon stored it. */
  receivedAt: Schema.DateTimeUtc,
  /** The activity engine's label of the fix (a machine's history: null until computed). */
  state: Schema.optional(Schema.NullOr(WorkState)),
  /** The activity the fix belongs to (a machine's history: null for none or not computed yet). */
  activity: Schema.optional(Schema.NullOr(ActivityId)),
}) {}

/** A page of fixes, oldest first; `total` counts the whole period. */
export class FixesPage extends Schema.Class<FixesPage>("FixesPage")({
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  fixes: Schema.Array(StoredFix),
}) {}

/** A box's fix as the administrators read it: with the machine it was attributed to (null: none). */
export class AttributedFix extends StoredFix.extend<AttributedFix>("AttributedFix")({
  machine: Schema.NullOr(MachineSummary),
}) {}

export class AttributedFixesPage extends Schema.Class<AttributedFixesPage>("AttributedFixesPage")({
  total: Schema.Number,
  /** Of `total`, the fixes attributed to no machine (outside every association of the box). */
  unattributed: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  fixes: Schema.Array(AttributedFix),
}) {}

export const pageLimits = { default: 100, max: 1000 } as const

export const Page = Schema.optionalWith(
  Schema.NumberFromString.pipe(
    Schema.int(code("badRequest")),
    Schema.greaterThanOrEqualTo(1, code("badRequest")),
  ),
  { default: () => 1 },
)
export const Limit = Schema.optionalWith(
  Schema.NumberFromString.pipe(
    Schema.int(code("badRequest")),
    Schema.between(1, pageLimits.max, code("badRequest")),
  ),
  { default: () => pageLimits.default },
)

/** At most this long a period per read (a year): a machine sends 6 million fixes a year at most. */
export const maxPeriodDays = 366

export const periodFilter = <
  A extends { start_date: { epochMillis: number }; end_date: { epochMillis: number } },
>(
  q: A,
) =>
  (q.start_date.epochMillis < q.end_date.epochMillis &&
    q.end_date.epochMillis - q.start_date.epochMillis <= maxPeriodDays * 86_400_000) || {
    path: ["end_date"],
    message: "endBeforeStart",
  }

/** A UTC period [start_date, end_date): ISO 8601 instants. */
export const PeriodQuery = Schema.Struct({
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
}).pipe(Schema.filter(periodFilter))

export const PagedPeriodQuery = Schema.Struct({
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
  page: Page,
  limit: Limit,
}).pipe(Schema.filter(periodFilter))

/** Where the box was last: its latest stored fix. */
export const LastPosition = Schema.Struct({ at: Schema.DateTimeUtc, lng: Schema.Number, lat: Schema.Number })

/** The machine's sensors as its box reports them (SPEC §3 Machine: sensors and tags). */
export const Sensors = Schema.Struct({
  /** The latest vibration level reported (null: none, a phone has none). */
  vibration: Schema.NullOr(VibrationLevel),
  /** The CAN values in the latest fix that had any, by name (empty without CAN). */
  can: Schema.Record({ key: Schema.String, value: Schema.Number }),
  /** Every CAN name seen over the last 30 days. */
  canSeen: Schema.Array(Schema.String),
  /** The BLE tags heard over the last 30 days, the latest time each, newest first. */
  tags: Schema.Array(
    Schema.Struct({ id: Schema.String, rssi: Schema.NullOr(Schema.Number), at: Schema.DateTimeUtc }),
  ),
})

/** SPEC §3 Device information: a box on the machine (now, or before). */
export class DeviceInformation extends Schema.Class<DeviceInformation>("DeviceInformation")({
  counter: CounterId,
  kind: SourceKind,
  /** Firmware, if the box said. */
  firmware: Schema.NullOr(Schema.String),
  battery: Schema.NullOr(Schema.Number),
  lastCommunication: Schema.NullOr(Schema.DateTimeUtc),
  /** Fixes of this box attributed to the machine. */
  fixes: Schema.Number,
  lastPosition: Schema.NullOr(LastPosition),
  /** Whether it is on the machine now. */
  current: Schema.Boolean,
  sensors: Sensors,
}) {}

export const MachineQuery = Schema.Struct({
  idMachine: MachineId,
})

/** The values of a box's own series (`externalTemporalCounterDatas`); `can.<name>` for a CAN value. */
export const temporalDataTypes = [
  "battery",
  "vibration",
  "vibrationRaw",
  "speed",
  "heading",
  "altitude",
  "satellites",
  "accuracy",
] as const
export const TemporalDataType = Schema.Union(
  Schema.Literal(...temporalDataTypes),
  Schema.TemplateLiteral(Schema.Literal("can."), Schema.String).pipe(
    Schema.pattern(/^can\.[A-Za-z0-9_]{1,64}$/, code("badRequest")),
  ),
)
export type TemporalDataType = typeof TemporalDataType.Type

export const TemporalQuery = Schema.Struct({ dataType: TemporalDataType, page: Page, limit: Limit })

/** One value of a series; vibration as its level's rank (0 none … 3 high). */
export const SeriesPoint = Schema.Struct({ at: Schema.DateTimeUtc, value: Schema.Number })

/** A page of a box's series, newest first. */
export class TemporalSeries extends Schema.Class<TemporalSeries>("TemporalSeries")({
  dataType: Schema.String,
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  points: Schema.Array(SeriesPoint),
}) {}

/**
 * The categories of a box (`externalCategoriesCounterDatas`): time spent per vibration level. The
 * time of a fix runs until the next one, at most `categoryGapSeconds` (a box silent longer was off
 * or out of reach: that time counts for no level).
 */
export const CategoryDataType = Schema.Literal("vibration")
export const CategoriesQuery = Schema.Struct({ dataType: CategoryDataType })
export const categoryGapSeconds = 60

export class CategoriesData extends Schema.Class<CategoriesData>("CategoriesData")({
  dataType: CategoryDataType,
  categories: Schema.Array(
    Schema.Struct({ category: Schema.String, seconds: Schema.Number, fixes: Schema.Number }),
  ),
}) {}
