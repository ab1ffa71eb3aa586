import { Schema } from "effect"
import { ActivityPerson, ActivityTotals, ProductTypeRef, TimeZoneName } from "./activity"
import { FieldId } from "./ids"
import { MachineSummary } from "./machine"
import { periodFilter } from "./telemetryReads"

/**
 * How much, over what period (docs/usage.md): the one aggregation of activities every figure of
 * the product reads — a machine's usages, a field's analyses, the list's totals, and the
 * dashboards, maintenance and reports after them — so that a figure never differs between two
 * screens.
 */

/** The length of the bars: a day, an ISO week (Monday first), a calendar month. */
export const UsageBucket = Schema.Literal("day", "week", "month")
export type UsageBucket = typeof UsageBucket.Type

/** A UTC period [start_date, end_date) cut into buckets whose days are read in `tz`. */
export const UsageQuery = Schema.Struct({
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
  bucket: Schema.optionalWith(UsageBucket, { default: () => "day" as const }),
  tz: Schema.optionalWith(TimeZoneName, { default: () => "Europe/Paris" }),
}).pipe(Schema.filter(periodFilter))
export type UsageQuery = typeof UsageQuery.Type

/** A field's season: a UTC period (a year at most), its months read in `tz`. */
export const FieldAnalysisQuery = Schema.Struct({
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
  tz: Schema.optionalWith(TimeZoneName, { default: () => "Europe/Paris" }),
}).pipe(Schema.filter(periodFilter))
export type FieldAnalysisQuery = typeof FieldAnalysisQuery.Type

/** One bar: the bucket's first day ("YYYY-MM-DD" in the query's zone) and its activities' totals. */
export class UsagePoint extends Schema.Class<UsagePoint>("UsagePoint")({
  day: Schema.String,
  totals: ActivityTotals,
}) {}

/** A member's part in a machine's use (null: the work of nobody known). */
export const MemberUse = Schema.Struct({
  member: Schema.NullOr(ActivityPerson),
  totals: ActivityTotals,
})

/**
 * A machine's use over a period: every bucket of it (empty ones at zero), the members it worked
 * for (most hours first), and the period's totals.
 */
export class MachineUsage extends Schema.Class<MachineUsage>("MachineUsage")({
  bucket: UsageBucket,
  points: Schema.Array(UsagePoint),
  members: Schema.Array(MemberUse),
  totals: ActivityTotals,
}) {}

/** A machine's part in a field's season. */
export const FieldMachineUse = Schema.Struct({
  machine: MachineSummary,
  totals: ActivityTotals,
  /** When it last worked the field over the season. */
  last: Schema.DateTimeUtc,
})

/** A product type's part in a field's season (null: nothing said what was spread). */
export const FieldProductUse = Schema.Struct({
  productType: Schema.NullOr(ProductTypeRef),
  totals: ActivityTotals,
})

/**
 * A field over a season: the work done in it (each activity counted for its part in this field
 * only), the field's own area, the passes, the machines and product types, month by month.
 */
export class FieldAnalysis extends Schema.Class<FieldAnalysis>("FieldAnalysis")({
  field: Schema.Struct({ id: FieldId, name: Schema.String, areaHa: Schema.Number }),
  totals: ActivityTotals,
  /** Activities that worked in the field: one pass each. */
  passes: Schema.Int,
  /** Area worked in it over its own area (2 = covered twice over); null without area. */
  coverage: Schema.NullOr(Schema.Number),
  machines: Schema.Array(FieldMachineUse),
  productTypes: Schema.Array(FieldProductUse),
  months: Schema.Array(UsagePoint),
}) {}

/**
 * A machine over a period, as its analyses tab reads it: the activities' totals, the time its
 * engine ran (the boxes' rollups), utilisation (field work over engine time) and L/km.
 */
export const AnalysisFigures = Schema.Struct({
  totals: ActivityTotals,
  /** Seconds the engine ran (docs/dashboards.md). */
  engineSeconds: Schema.Number,
  /** Field work over engine time, 0–1; null when the engine never ran. */
  utilisation: Schema.NullOr(Schema.Number),
  /** Litres per km travelled (work and road); null without fuel or distance. */
  litresPerKm: Schema.NullOr(Schema.Number),
})
export type AnalysisFigures = typeof AnalysisFigures.Type

/** A field's part in a machine's period: the field work in it and the area worked. */
export const AnalysisField = Schema.Struct({
  field: Schema.Struct({ id: FieldId, name: Schema.String }),
  workSeconds: Schema.Number,
  areaHa: Schema.NullOr(Schema.Number),
  /** ha/h of field work in it (null without area). */
  haPerHour: Schema.NullOr(Schema.Number),
})

/**
 * `analysisMachines/{id}` (docs/usage.md#a-machines-analyses): the period, the same period a year
 * before, each field worked, and the structure's other machines of the same category the caller
 * sees, over the same period.
 */
export class MachineAnalysis extends Schema.Class<MachineAnalysis>("MachineAnalysis")({
  machine: MachineSummary,
  current: AnalysisFigures,
  previous: AnalysisFigures,
  fields: Schema.Array(AnalysisField),
  peers: Schema.Array(Schema.Struct({ machine: MachineSummary, figures: AnalysisFigures })),
}) {}
