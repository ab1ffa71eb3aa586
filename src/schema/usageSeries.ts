import { Temporal } from "temporal-polyfill"
import type { Activity } from "./activity"
import { activityTotals, type Summable } from "./activityTotals"
import { type FieldAnalysis, type UsageBucket, UsagePoint } from "./usage"

/**
 * The aggregation every "how much, over what period" figure reads (docs/usage.md): activities
 * grouped by the day, week or month their start falls on in a time zone, each group summed by
 * `activityTotals`, so that the bars of a chart add up to the period's totals to the last digit.
 */

const dayIn = (epochMillis: number, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(epochMillis).toZonedDateTimeISO(zone).toPlainDate()

/** The first day of the bucket `day` falls in: itself, the Monday of its ISO week, the 1st of its month. */
export const bucketStart = (day: Temporal.PlainDate, bucket: UsageBucket): Temporal.PlainDate =>
  bucket === "day"
    ? day
    : bucket === "week"
      ? day.subtract({ days: day.dayOfWeek - 1 })
      : day.with({ day: 1 })

const next = (day: Temporal.PlainDate, bucket: UsageBucket) =>
  day.add(bucket === "day" ? { days: 1 } : bucket === "week" ? { weeks: 1 } : { months: 1 })

/** The buckets of a period [start, end) read in `zone`, first days in order, "YYYY-MM-DD". */
export const bucketsOf = (start: number, end: number, bucket: UsageBucket, zone: string): string[] => {
  const last = bucketStart(dayIn(end - 1, zone), bucket)
  const days: string[] = []
  for (
    let d = bucketStart(dayIn(start, zone), bucket);
    Temporal.PlainDate.compare(d, last) <= 0;
    d = next(d, bucket)
  )
    days.push(d.toString())
  return days
}

interface Dated extends Summable {
  readonly start: { readonly epochMillis: number }
}

/** Every bucket of the period with the totals of the activities that started in it (zero when none). */
export const usagePoints = (
  activities: ReadonlyArray<Dated>,
  period: { readonly start: number; readonly end: number },
  bucket: UsageBucket,
  zone: string,
): ReadonlyArray<UsagePoint> => {
  const groups = new Map<string, Dated[]>(
    bucketsOf(period.start, period.end, bucket, zone).map((d) => [d, []]),
  )
  for (const a of activities) {
    const key = bucketStart(dayIn(a.start.epochMillis, zone), bucket).toString()
    // The period is read by start, so every activity's start falls in one of its buckets.
    groups.get(key)?.push(a)
  }
  return [...groups].map(([day, list]) => new UsagePoint({ day, totals: activityTotals(list) }))
}

/**
 * An activity's part in one field, as an activity of its own: the field's work seconds and area;
 * its overlap, work distance and fuel in the share of its field work done there (an activity's
 * fuel, road included, goes to the fields it worked); no road distance.
 */
export const partIn = (a: Activity, field: string) => {
  const part = a.fields.find((f) => f.id === field)
  const workSeconds = part?.workSeconds ?? 0
  const share = a.seconds.fieldWork > 0 ? workSeconds / a.seconds.fieldWork : 0
  const areaHa = part?.areaHa ?? null
  return {
    start: a.start,
    durationSeconds: workSeconds,
    seconds: { fieldWork: workSeconds },
    areaHa,
    areaWithOverlapHa:
      areaHa === null || a.areaWithOverlapHa === null || !a.areaHa
        ? areaHa
        : (a.areaWithOverlapHa * areaHa) / a.areaHa,
    workDistanceM: a.workDistanceM * share,
    roadDistanceM: 0,
    fuelLitres: a.fuelLitres === null ? null : a.fuelLitres * share,
  }
}

/** Items grouped by key, in the order first met; each group with its first item. */
const groupBy = <A, K>(items: ReadonlyArray<A>, key: (a: A) => K) => {
  const groups = new Map<K, { first: A; all: A[] }>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.all.push(item)
    else groups.set(k, { first: item, all: [item] })
  }
  return [...groups.values()]
}

/** The members an activity list worked for, each with its totals, most hours first. */
export const memberUses = (activities: ReadonlyArray<Activity>) =>
  groupBy(activities, (a) => a.member?.id ?? null)
    .map(({ first, all }) => ({ member: first.member, totals: activityTotals(all) }))
    .sort((x, y) => y.totals.workSeconds - x.totals.workSeconds)

/**
 * A field over a season from the activities that worked in it: each counted for its part in the
 * field, the passes, the machines (most hours first) and product types, month by month.
 */
export const fieldAnalysis = (
  field: { readonly id: string; readonly name: string; readonly areaHa: number },
  activities: ReadonlyArray<Activity>,
  period: { readonly start: number; readonly end: number },
  zone: string,
): Omit<typeof FieldAnalysis.Type, "field"> => {
  const worked = activities.filter((a) => a.fields.some((f) => f.id === field.id))
  const parts = worked.map((a) => ({ a, part: partIn(a, field.id) }))
  const totals = activityTotals(parts.map((p) => p.part))
  const machines = groupBy(parts, (p) => p.a.machine.id).map(({ first, all }) => ({
    machine: first.a.machine,
    totals: activityTotals(all.map((p) => p.part)),
    last: all.reduce((l, p) => (p.a.end.epochMillis > l.epochMillis ? p.a.end : l), first.a.end),
  }))
  const productTypes = groupBy(parts, (p) => p.a.productType?.id ?? null).map(({ first, all }) => ({
    productType: first.a.productType,
    totals: activityTotals(all.map((p) => p.part)),
  }))
  return {
    totals,
    passes: worked.length,
    coverage:
      field.areaHa > 0 && totals.areaHa !== null && totals.areaHa > 0 ? totals.areaHa / field.areaHa : null,
    machines: machines.sort((x, y) => y.totals.workSeconds - x.totals.workSeconds),
    productTypes: productTypes.sort((x, y) => (y.totals.areaHa ?? 0) - (x.totals.areaHa ?? 0)),
    months: usagePoints(
      parts.map((p) => p.part),
      period,
      "month",
      zone,
    ),
  }
}
