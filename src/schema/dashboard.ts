import { Schema } from "effect"
import { MachineId } from "./ids"
import type { MessageCode } from "./messages"
import { functionsOf, quantityFields, type SeriesField, seriesFunctions } from "./rollups"
import { maxPeriodDays } from "./telemetryReads"
import { WorkState } from "./workStates"

/**
 * A machine's dashboard (SPEC §1, §2 machines/{id}/dashboard, §7 Data; docs/dashboards.md): series,
 * percentiles, categories, the period's figures and the last values, all read from the rollups
 * (src/schema/rollups.ts) over the machine's boxes' associations.
 */

const code = (c: MessageCode) => ({ message: () => c })

/** A series' field: speed, battery, a quantity, or a CAN value by its name. */
export const SeriesFieldSchema = Schema.Union(
  Schema.Literal("speed", "battery", ...quantityFields),
  Schema.TemplateLiteral(Schema.Literal("can."), Schema.String).pipe(
    Schema.pattern(/^can\.[A-Za-z0-9_]{1,64}$/, code("badRequest")),
  ),
).annotations({ message: () => "badRequest" })

export const SeriesFunctionSchema = Schema.Literal(...seriesFunctions).annotations({
  message: () => "badRequest",
})

/** The speed bands of the dashboard's counter (km/h): 0–5, 5–10 … 35–40. */
export const speedBands = { min: 0, max: 40, step: 5 } as const

/** At most this many points a series (a phone's width thrice over). */
export const maxSeriesPoints = 2000

const periodOk = (q: { startDate: { epochMillis: number }; endDate: { epochMillis: number } }) =>
  (q.startDate.epochMillis < q.endDate.epochMillis &&
    q.endDate.epochMillis - q.startDate.epochMillis <= maxPeriodDays * 86_400_000) || {
    path: ["endDate"],
    message: "endBeforeStart",
  }

const Period = {
  startDate: Schema.DateTimeUtc,
  endDate: Schema.DateTimeUtc,
}

/** `GET temporalDatas/{machine}`: `nbrOfValues` points of `field` by `fct` over the period. */
export const TemporalDatasQuery = Schema.Struct({
  ...Period,
  field: SeriesFieldSchema,
  nbrOfValues: Schema.optionalWith(
    Schema.NumberFromString.pipe(
      Schema.int(code("badRequest")),
      Schema.between(1, maxSeriesPoints, code("outOfRange")),
    ),
    { default: () => 500 },
  ),
  fct: Schema.optionalWith(SeriesFunctionSchema, { default: () => "avg" as const }),
}).pipe(
  Schema.filter(periodOk),
  Schema.filter(
    (q) =>
      functionsOf(q.field as SeriesField).includes(q.fct) || { path: ["fct"], message: "fctNotForField" },
  ),
)
export type TemporalDatasQuery = typeof TemporalDatasQuery.Type

/** One point: its step's start, the value, and the step's minimum and maximum (null: nothing then). */
export const TemporalPoint = Schema.Struct({
  at: Schema.DateTimeUtc,
  value: Schema.NullOr(Schema.Number),
  min: Schema.NullOr(Schema.Number),
  max: Schema.NullOr(Schema.Number),
})

/** Where a series was read from: the fixes themselves, or the rollups of that grain. */
export const Resolution = Schema.Literal("fixes", "minute", "hour", "day")

export class TemporalDatas extends Schema.Class<TemporalDatas>("TemporalDatas")({
  machine: MachineId,
  field: Schema.String,
  fct: SeriesFunctionSchema,
  startDate: Schema.DateTimeUtc,
  endDate: Schema.DateTimeUtc,
  /** Each point's step, ms. */
  step: Schema.Number,
  resolution: Resolution,
  points: Schema.Array(TemporalPoint),
}) {}

/** `GET temporalDatas/{machine}/percentile`: `dataType` speed, or can with the value's name. */
export const PercentileQuery = Schema.Struct({
  ...Period,
  dataType: Schema.Literal("speed", "can").annotations({ message: () => "badRequest" }),
  value: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_]{1,64}$/, code("badRequest")))),
  percentile: Schema.NumberFromString.pipe(Schema.between(0, 100, code("outOfRange"))),
}).pipe(
  Schema.filter(periodOk),
  Schema.filter(
    (q) => q.dataType === "speed" || q.value !== undefined || { path: ["value"], message: "required" },
  ),
)
export type PercentileQuery = typeof PercentileQuery.Type

export class PercentileData extends Schema.Class<PercentileData>("PercentileData")({
  dataType: Schema.String,
  value: Schema.NullOr(Schema.String),
  percentile: Schema.Number,
  /** The value at that percentile (within 1 %), null when no fix had one. */
  result: Schema.NullOr(Schema.Number),
  /** How many fixes had a value. */
  fixes: Schema.Number,
}) {}

/** `GET lastTemporalDatas/{machine}`: one field's latest value, or every one's without `field`. */
export const LastQuery = Schema.Struct({
  field: Schema.optional(
    Schema.Union(
      Schema.Literal("speed", "battery"),
      Schema.TemplateLiteral(Schema.Literal("can."), Schema.String).pipe(
        Schema.pattern(/^can\.[A-Za-z0-9_]{1,64}$/, code("badRequest")),
      ),
    ).annotations({ message: () => "badRequest" }),
  ),
})

export const LastValue = Schema.Struct({ field: Schema.String, at: Schema.DateTimeUtc, value: Schema.Number })
export class LastValues extends Schema.Class<LastValues>("LastValues")({
  machine: MachineId,
  values: Schema.Array(LastValue),
}) {}

/** What a category counter counts. */
export const CategoryResult = Schema.Literal("seconds", "fixes", "percent")

/**
 * `GET computeCategoriesCounterDatas/{machine}`: `state` (the engine's states) and `vibration`
 * (levels) give the time in each; `speed` or `can.<name>` give bands of `step` from `min` to `max`.
 */
export const CategoriesCounterQuery = Schema.Struct({
  ...Period,
  dataType: Schema.Union(
    Schema.Literal("state", "vibration", "speed"),
    Schema.TemplateLiteral(Schema.Literal("can."), Schema.String).pipe(
      Schema.pattern(/^can\.[A-Za-z0-9_]{1,64}$/, code("badRequest")),
    ),
  ).annotations({ message: () => "badRequest" }),
  step: Schema.optional(Schema.NumberFromString.pipe(Schema.positive(code("outOfRange")))),
  min: Schema.optional(Schema.NumberFromString.pipe(Schema.finite(code("badRequest")))),
  max: Schema.optional(Schema.NumberFromString.pipe(Schema.finite(code("badRequest")))),
  resultType: Schema.optionalWith(CategoryResult, { default: () => "seconds" as const }),
}).pipe(
  Schema.filter(periodOk),
  Schema.filter((q) => {
    if (q.dataType === "state" || q.dataType === "vibration") return true
    if (q.step === undefined || q.min === undefined || q.max === undefined)
      return { path: ["step"], message: "required" }
    return (q.max > q.min && (q.max - q.min) / q.step <= 200) || { path: ["max"], message: "outOfRange" }
  }),
)
export type CategoriesCounterQuery = typeof CategoriesCounterQuery.Type

/** One category: a state, a level, or a band [from, to). */
export const CategoryCount = Schema.Struct({
  category: Schema.String,
  from: Schema.optional(Schema.Number),
  to: Schema.optional(Schema.Number),
  result: Schema.Number,
})

export class CategoriesCounterData extends Schema.Class<CategoriesCounterData>("CategoriesCounterData")({
  dataType: Schema.String,
  resultType: CategoryResult,
  categories: Schema.Array(CategoryCount),
}) {}

/** `GET dashboardMachines/{machine}`: the period's figures. */
export const DashboardQuery = Schema.Struct(Period).pipe(Schema.filter(periodOk))
export type DashboardQuery = typeof DashboardQuery.Type

export const ValueFigures = Schema.Struct({
  count: Schema.Number,
  avg: Schema.NullOr(Schema.Number),
  min: Schema.NullOr(Schema.Number),
  max: Schema.NullOr(Schema.Number),
  last: Schema.NullOr(Schema.Number),
})

export class MachineDashboard extends Schema.Class<MachineDashboard>("MachineDashboard")({
  machine: MachineId,
  startDate: Schema.DateTimeUtc,
  endDate: Schema.DateTimeUtc,
  fixes: Schema.Number,
  /** Time the boxes reported (s), and of it moving and with the engine running. */
  seconds: Schema.Number,
  movingSeconds: Schema.Number,
  engineSeconds: Schema.Number,
  /** Metres. */
  distance: Schema.Number,
  speed: ValueFigures,
  /** Seconds at each vibration level. */
  vibration: Schema.Struct({
    none: Schema.Number,
    low: Schema.Number,
    medium: Schema.Number,
    high: Schema.Number,
  }),
  /** The activity engine's time in each state (s), over the UTC hours the period covers. */
  states: Schema.Array(Schema.Struct({ state: WorkState, seconds: Schema.Number })),
  /** Each CAN value the boxes sent in the period. */
  can: Schema.Array(Schema.Struct({ name: Schema.String, figures: ValueFigures })),
}) {}

/** `GET machinesComputedData?machines=`: a comma-separated list of machine ids (200 at most). */
export const ComputedDataQuery = Schema.Struct({
  machines: Schema.split(",").pipe(
    Schema.compose(Schema.Array(MachineId)),
    Schema.filter((ids) => (ids.length >= 1 && ids.length <= 200) || "outOfRange"),
  ),
})

/** A counter: what a person read on the machine, what the boxes recorded since, and their sum. */
export const ComputedCounter = Schema.Struct({
  /** The machine's maintenance data (null: never entered). */
  measured: Schema.NullOr(Schema.Number),
  /** What the boxes and the activity engine recorded since `since`. */
  recorded: Schema.Number,
  /** measured + recorded (recorded alone when nothing was measured). */
  total: Schema.Number,
})

/**
 * A machine's running totals (docs/dashboards.md#running-totals): engine hours, working hours
 * (the engine's field work and turns), km and hectares worked, from its maintenance data's
 * measurement date on (from its first reading when none).
 */
export class MachineComputedData extends Schema.Class<MachineComputedData>("MachineComputedData")({
  machine: MachineId,
  /** The measurement date the counters run from (null: from the first reading). */
  since: Schema.NullOr(Schema.DateTimeUtc),
  engineHours: ComputedCounter,
  workingHours: ComputedCounter,
  km: ComputedCounter,
  /** Hectares worked (the activities' areas); no counter is entered for them. */
  ha: Schema.Number,
}) {}

export class ComputedData extends Schema.Class<ComputedData>("ComputedData")({
  /** The machines asked that the caller sees, in the order asked. */
  machines: Schema.Array(MachineComputedData),
}) {}
