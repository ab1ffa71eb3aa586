import { type WorkState, workStates } from "../../../src/schema/workStates"
import type { Trace } from "./clean"
import { coverageAreasM2, resolutionForSwathM2, swathSumM2 } from "./coverage"
import type { Labelled } from "./label"
import type { Motion } from "./motion"
import { lengthOf, upperMedian } from "./numbers"
import type { Span } from "./segment"
import { FIELD_WORK, PAUSE, ROAD } from "./states"
import type {
  ActivityField,
  EngineActivity,
  EngineBooking,
  EngineInput,
  EngineTag,
  ImplementEdit,
} from "./types"

/**
 * An activity's figures (SPEC §3 Activity) from its fixes: each fix stands for the time until the
 * next one (`dt`, none across a gap) in its state, and the way to the next one for distances.
 */

const hectares = (m2: number) => m2 / 10_000

/**
 * GPS error makes two passes side by side look apart by up to the receiver's accuracy: a strip
 * the tool did work shows as unworked. Strips narrower than `gapM` between swaths are counted as
 * worked (a closing: the swaths widened by half the gap, then the widening taken back). The
 * widening's share is taken back by extrapolation: once the inner strips are closed, the area grows
 * with the widening by the outline's length, so A(0) ≈ 2·A(g/2) − A(g).
 */
const closedAreasM2 = (
  steps: Float64Array,
  labels: Int32Array,
  labelCount: number,
  halfWidthM: number,
  gapM: number,
  finestM: number,
): { readonly total: number; readonly byLabel: Float64Array } => {
  if (gapM <= 0) return coverageAreasM2(steps, labels, labelCount, halfWidthM, finestM)
  // Twice the sweep's own spacing (1 m at most): its error stays near 0.01 % (coverage.ts), and
  // the two sweeps of the widened swaths cost what one did.
  const resolutionM = Math.min(1, 2 * finestM)
  const a1 = coverageAreasM2(steps, labels, labelCount, halfWidthM + gapM / 2, resolutionM)
  const a2 = coverageAreasM2(steps, labels, labelCount, halfWidthM + gapM, resolutionM)
  return {
    total: Math.max(0, 2 * a1.total - a2.total),
    byLabel: a1.byLabel.map((a, k) => Math.max(0, 2 * a - (a2.byLabel[k] as number))),
  }
}

/**
 * The worked area (m²) of all the steps, and of each label's (`labels[k]`, 0 to `labelCount` − 1,
 * for step k: the field it worked; a label from `labelCount` on counts in the whole only: work in
 * no known field, which has no area of its own to show), each measured at the resolution its own
 * size asks for (`resolutionForSwathM2`). The labels whose work is as large as the whole's
 * resolution asks are measured in the sweeps of the whole; a small piece (a corner of the next
 * field) asks for finer lines, and is measured apart on its own steps, so that it does not make
 * the whole day's sweep several times finer.
 */
export const workedAreasM2 = (
  steps: Float64Array,
  labels: Int32Array,
  labelCount: number,
  halfWidthM: number,
  gapM: number,
): { readonly total: number; readonly byLabel: Float64Array } => {
  const gap = Math.max(0, gapM)
  const widenedM = halfWidthM + gap / 2
  // Each label's swath sum, and (at `labelCount`) that of the work counted in the whole only.
  const swath = new Float64Array(labelCount + 1)
  for (let k = 0; 4 * k + 3 < steps.length; k++) {
    const l = lengthOf(steps[4 * k + 2] - steps[4 * k], steps[4 * k + 3] - steps[4 * k + 1])
    if (Number.isFinite(l)) swath[Math.min(labels[k] as number, labelCount)] += 2 * widenedM * l
  }
  const wholeM = resolutionForSwathM2(
    swath.reduce((sum, s) => sum + s, 0),
    widenedM,
  )
  const ownM = swath.subarray(0, labelCount).map((s) => (s > 0 ? resolutionForSwathM2(s, widenedM) : wholeM))
  const apart = [...ownM.keys()].filter((k) => (ownM[k] as number) < wholeM)
  // Work in the whole only, and the pieces measured apart, share the label `labelCount` (not read).
  const shared = labels.map((k) => (k >= labelCount || (ownM[k] as number) < wholeM ? labelCount : k))
  const whole = closedAreasM2(steps, shared, labelCount + 1, halfWidthM, gap, wholeM)
  const byLabel = whole.byLabel.slice(0, labelCount)
  for (const k of apart) {
    const own = stepsLabelled(steps, labels, k)
    byLabel[k] = closedAreasM2(
      own,
      new Int32Array(own.length / 4),
      1,
      halfWidthM,
      gap,
      ownM[k] as number,
    ).total
  }
  return { total: whole.total, byLabel }
}

/** The steps labelled `k`, in their order. */
const stepsLabelled = (steps: Float64Array, labels: Int32Array, k: number): Float64Array => {
  let n = 0
  for (const l of labels) if (l === k) n++
  const out = new Float64Array(4 * n)
  let at = 0
  for (let s = 0; s < labels.length; s++)
    if (labels[s] === k) {
      out.set(steps.subarray(4 * s, 4 * s + 4), at)
      at += 4
    }
  return out
}

/** The strip width closed: the receiver's median stated accuracy over the work, at most the tool's
 * width (a strip that wide left unworked is a missed pass, not noise). */
const gapTolerance = (c: Context, span: Span, halfWidthM: number) => {
  const acc: Array<number> = []
  for (let j = span.first; j <= span.last; j++) {
    const a = c.mo.acc[j] as number
    if (c.l.state[j] === FIELD_WORK && !Number.isNaN(a)) acc.push(a)
  }
  if (acc.length === 0) return 0
  return Math.min(upperMedian(acc), 2 * halfWidthM)
}

interface Context {
  readonly input: EngineInput
  readonly trace: Trace
  readonly mo: Motion
  readonly l: Labelled
  readonly fieldIds: ReadonlyArray<string>
}

/**
 * Field-work steps (x0,y0,x1,y1) of an activity, and each step's field as a label: its place in
 * `fields`, or `fields.length` for work in no known field.
 */
const workSteps = (c: Context, span: Span, fields: ReadonlyArray<number>) => {
  const { mo, l } = c
  const out = new Float64Array(4 * (span.last - span.first + 1))
  const labels = new Int32Array(span.last - span.first + 1)
  let k = 0
  for (let j = span.first; j <= span.last && j + 1 < mo.m; j++) {
    if (l.state[j] !== FIELD_WORK || (mo.dt[j] as number) === 0) continue
    const at = fields.indexOf(l.ctx[j] as number)
    labels[k >> 2] = at < 0 ? fields.length : at
    out[k++] = mo.x[j] as number
    out[k++] = mo.y[j] as number
    out[k++] = mo.x[j + 1] as number
    out[k++] = mo.y[j + 1] as number
  }
  return { steps: out.subarray(0, k), labels: labels.subarray(0, k >> 2) }
}

const mostHeard = (counts: Map<string, number>) =>
  [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([id]) => id)

/** The working width of the implement `machineId` as its tags say it, null when none does. */
const implementWidth = (machineId: string | undefined, tags: ReadonlyArray<EngineTag>): number | null => {
  if (machineId === undefined) return null
  for (const tag of tags)
    if (tag.kind === "machine" && tag.machineId === machineId && tag.toolWidthM != null && tag.toolWidthM > 0)
      return tag.toolWidthM
  return null
}

/**
 * The implements a person named on the activity over [start, end]: the edit it overlaps most, if
 * they share at least half of the shorter of the two (a neighbour's few minutes of road are not it).
 */
const implementEditOf = (
  edits: ReadonlyArray<ImplementEdit> | undefined,
  start: number,
  end: number,
): ImplementEdit | undefined => {
  let best: ImplementEdit | undefined
  let most = 0
  for (const e of edits ?? []) {
    const overlap = Math.min(e.end, end) - Math.max(e.start, start)
    if (overlap > most && overlap * 2 >= Math.min(end - start, e.end - e.start)) {
      best = e
      most = overlap
    }
  }
  return best
}

export const figuresOf = (c: Context, span: Span): EngineActivity => {
  const { input, trace, mo, l } = c
  const { settings, toolWidthM, consumption, canPresent } = input.machine
  const perState = new Float64Array(workStates.length)
  const fieldSeconds = new Map<number, number>()
  let roadDistanceM = 0
  let workDistanceM = 0
  let maxSpeedKmh = 0
  let canLitres = 0
  let canSeen = false
  let pauseSeconds = 0
  let pauseCount = 0
  let pauseRun = 0
  const minPauseS = settings.minPauseMinutes * 60
  const heard = new Map<EngineTag, number>()
  const holdings = holdingsById(input.tags)
  const closePause = () => {
    if (pauseRun >= minPauseS) {
      pauseCount++
      pauseSeconds += pauseRun
    }
    pauseRun = 0
  }
  for (let j = span.first; j <= span.last; j++) {
    const s = l.state[j] as number
    const dt = mo.dt[j] as number
    perState[s] += dt
    if (s === PAUSE) pauseRun += dt
    else closePause()
    if (s === FIELD_WORK) {
      const f = l.ctx[j] as number
      fieldSeconds.set(f, (fieldSeconds.get(f) ?? 0) + dt)
    }
    if (dt > 0 && j + 1 < mo.m) {
      const d = lengthOf(
        (mo.x[j + 1] as number) - (mo.x[j] as number),
        (mo.y[j + 1] as number) - (mo.y[j] as number),
      )
      if (s === ROAD) roadDistanceM += d
      else if (s === FIELD_WORK) workDistanceM += d
    }
    if (mo.moving[j] && (mo.speed[j] as number) > maxSpeedKmh) maxSpeedKmh = mo.speed[j] as number
    const i = trace.kept[j] as number
    const rate = trace.fuelRate[i] as number
    if (!Number.isNaN(rate)) {
      canSeen = true
      canLitres += (rate * dt) / 3600
    }
    const tags = trace.fixes[trace.source[i] as number]?.tags
    if (tags)
      for (const id of tags) {
        const tag = holdingAt(holdings.get(id), trace.t[i] as number)
        if (tag) heard.set(tag, (heard.get(tag) ?? 0) + 1)
      }
  }
  closePause()
  const seconds = Object.fromEntries(workStates.map((w, k) => [w, perState[k] as number])) as Record<
    WorkState,
    number
  >
  // Tags heard, counted once per fix: a driver's and an implement's, and what the implement spreads.
  const drivers = new Map<string, number>()
  const implementsHeard = new Map<string, number>()
  const products = new Map<string, number>()
  for (const [tag, count] of heard) {
    if (tag.kind === "user") drivers.set(tag.userId, (drivers.get(tag.userId) ?? 0) + count)
    else {
      implementsHeard.set(tag.machineId, (implementsHeard.get(tag.machineId) ?? 0) + count)
      if (tag.productTypeId) products.set(tag.productTypeId, (products.get(tag.productTypeId) ?? 0) + count)
    }
  }

  const named = implementEditOf(
    input.implementEdits,
    trace.t[trace.kept[span.first] as number] as number,
    trace.t[trace.kept[span.last] as number] as number,
  )
  const auxiliaryIds = named?.auxiliaryIds ?? mostHeard(implementsHeard)
  const width = named
    ? named.toolWidthM !== null && named.toolWidthM > 0
      ? named.toolWidthM
      : toolWidthM
    : (implementWidth(auxiliaryIds[0], input.tags) ?? toolWidthM)
  const half = width !== null && width > 0 ? width / 2 : null
  const worked = [...fieldSeconds.entries()]
    .filter(([f]) => f >= 0)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
  const gap = half === null ? 0 : gapTolerance(c, span, half)
  const work =
    half === null
      ? null
      : workSteps(
          c,
          span,
          worked.map(([f]) => f),
        )
  // The activity's area and each field's in the same sweeps (the sweep is the costly part).
  const areas =
    half === null || work === null ? null : workedAreasM2(work.steps, work.labels, worked.length, half, gap)
  const areaHa = areas === null ? null : hectares(areas.total)
  const areaWithOverlapHa = half === null || work === null ? null : hectares(swathSumM2(work.steps, half))
  // One field and nothing elsewhere: its area is the activity's, to the last digit.
  const alone = worked.length === 1 && !fieldSeconds.has(-1)
  const fields: Array<ActivityField> = worked.map(([f, workSeconds], k) => ({
    fieldId: c.fieldIds[f] as string,
    workSeconds,
    areaHa: areas === null ? null : alone ? areaHa : hectares(areas.byLabel[k] as number),
  }))
  const start = trace.t[trace.kept[span.first] as number] as number
  const end =
    start +
    ((mo.ts[span.last] as number) - (mo.ts[span.first] as number) + (mo.dt[span.last] as number)) * 1000
  const booking = bookingOf(input.bookings, start, end)
  const productTypeId = mostHeard(products)[0] ?? booking?.productTypeId ?? null
  const engineSeconds = seconds.fieldWork + seconds.turn + seconds.road + seconds.idle
  const correction = 1 + settings.dieselConsumptionCorrectionPercent / 100
  const fromRate =
    consumption === null
      ? null
      : consumption.unit === "litresPerHour"
        ? (consumption.rate * engineSeconds) / 3600
        : areaHa === null
          ? null
          : consumption.rate * areaHa
  const fuelSource = canPresent && canSeen ? "can" : fromRate !== null ? "rate" : null
  const fuelLitres =
    fuelSource === "can" ? canLitres * correction : fromRate === null ? null : fromRate * correction
  const driverIds = mostHeard(drivers)
  const attribution = attribute(input, booking, fields, driverIds, [...heard.keys()])
  return {
    start,
    end,
    durationSeconds: (end - start) / 1000,
    roadDistanceM,
    workDistanceM,
    pauseSeconds,
    pauseCount,
    areaHa,
    areaWithOverlapHa,
    fuelLitres,
    fuelSource,
    maxSpeedKmh,
    productTypeId,
    fields,
    unknownFieldSeconds: fieldSeconds.get(-1) ?? 0,
    driverIds,
    auxiliaryIds,
    bookingId: booking?.id ?? null,
    attribution,
    seconds,
  }
}

/** Each tag id's holdings. */
const holdingsById = (tags: ReadonlyArray<EngineTag>) => {
  const out = new Map<string, Array<EngineTag>>()
  for (const tag of tags) out.set(tag.id, [...(out.get(tag.id) ?? []), tag])
  return out
}

/** The holding of a tag that covers instant `t` (ms), if any. */
const holdingAt = (holdings: ReadonlyArray<EngineTag> | undefined, t: number) =>
  holdings?.find((h) => (h.from == null || h.from <= t) && (h.to == null || t < h.to))

/**
 * The booking overlapping [start, end) most (ties: the earliest, then the first given): the
 * engine's rule for the booking an activity is in, which the bookings' reconciliation
 * (server/bookingUse) applies to the implements heard too.
 */
export const bookingOf = <B extends { readonly start: number; readonly end: number }>(
  bookings: ReadonlyArray<B>,
  start: number,
  end: number,
): B | null => {
  let best: B | null = null
  let bestOverlap = 0
  for (const b of bookings) {
    const overlap = Math.min(end, b.end) - Math.max(start, b.start)
    if (overlap > bestOverlap || (overlap === bestOverlap && overlap > 0 && best && b.start < best.start)) {
      best = b
      bestOverlap = overlap
    }
  }
  return best
}

/** The member the work is for: the first of the machine's priorities that answers. */
const attribute = (
  input: EngineInput,
  booking: EngineBooking | null,
  fields: ReadonlyArray<ActivityField>,
  driverIds: ReadonlyArray<string>,
  heard: ReadonlyArray<EngineTag>,
): EngineActivity["attribution"] => {
  for (const source of input.machine.settings.priority) {
    if (source === "booking" && booking)
      return { memberId: booking.memberId, reason: "booking", sourceId: booking.id }
    if (source === "field")
      for (const f of fields) {
        const owner = input.fields.find((x) => x.id === f.fieldId)?.ownerId
        if (owner) return { memberId: owner, reason: "field", sourceId: f.fieldId }
      }
    if (source === "tag" && driverIds[0] !== undefined) {
      const userId = driverIds[0]
      const tag = heard.find((t) => t.kind === "user" && t.userId === userId)
      return { memberId: userId, reason: "tag", sourceId: tag?.id ?? null }
    }
  }
  return { memberId: null, reason: "none", sourceId: null }
}
