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
