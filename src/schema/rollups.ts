/**
 * Reading the rollups (docs/dashboards.md): the pure half of the one aggregation — how a period is
 * cut into the rollups' grains, how their rows add up into a series or a total, how bins give back
 * a percentile. The server reads rows (server/rollups/repository.ts) and calls these; the unit
 * tests hold them to the exact figures.
 */

/** Relative width of a bin (src side of `rollup_bin` in server/db/migrations/0028_rollups.ts). */
export const binGamma = 1.02
const binOffset = 2000
const lnGamma = Math.log(binGamma)

/** The bin of a value, as `rollup_bin` computes it in SQL. */
export const binOf = (v: number) =>
  Math.abs(v) < 1e-6
    ? 0
    : v > 0
      ? binOffset + Math.ceil(Math.log(v) / lnGamma)
      : -(binOffset + Math.ceil(Math.log(-v) / lnGamma))

/**
 * The value a bin stands for: the point of (γ^(k-1), γ^k] whose relative distance to both ends is
 * the same, 2γ^k / (γ + 1) — within (γ − 1) / (γ + 1) ≈ 0.99 % of any value of the bin.
 */
export const binValue = (bin: number) => {
  if (bin === 0) return 0
  const k = Math.abs(bin) - binOffset
  const v = (2 * binGamma ** k) / (binGamma + 1)
  return bin > 0 ? v : -v
}

/**
 * The `p`-th percentile (0–100) of the values counted in `bins` (bin → how many), as
 * `percentile_cont` interpolates between the two values around rank p/100 × (n − 1); null when
 * there is none.
 */
export const percentileOfBins = (bins: ReadonlyMap<number, number>, p: number) => {
  const sorted = [...bins.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => binValue(a) - binValue(b))
  const n = sorted.reduce((sum, [, c]) => sum + c, 0)
  if (n === 0) return null
  const rank = (p / 100) * (n - 1)
  const at = (r: number) => {
    let seen = 0
    for (const [bin, c] of sorted) {
      seen += c
      if (r < seen) return binValue(bin)
    }
    return binValue(sorted[sorted.length - 1][0])
  }
  const lo = Math.floor(rank)
  const below = at(lo)
  return rank === lo ? below : below + (rank - lo) * (at(lo + 1) - below)
}

/**
 * The rollups' grains (s); 0 stands for the fixes themselves. The week (from Monday 00:00 UTC) is
 * kept for the bins only, so that a year's percentile merges ~52 weeks instead of ~365 days.
 */
export type Grain = SeriesGrain | 604800
/** The grains of `fix_rollups`, which series and totals read. */
export type SeriesGrain = 0 | 60 | 3600 | 86400
export const weekGrain = 604800
const finer: Record<Grain, Grain> = { 604800: 86400, 86400: 3600, 3600: 60, 60: 0, 0: 0 }
/** Where a grain's buckets start: weeks on Mondays, as SQL's `date_trunc('week')` (1970-01-05). */
const originMs = (grain: Grain) => (grain === weekGrain ? 4 * 86_400_000 : 0)

/** A part of a period read at one grain: [from, to) in ms, aligned on the grain (but for 0). */
export interface Piece {
  readonly grain: Grain
  readonly from: number
  readonly to: number
}

/**
 * [from, to) cut into whole buckets of `grain` where they fit, and finer ones at the edges, down
 * to the fixes themselves: a year at the day grain is ~365 days, ≤ 46 hours, ≤ 118 minutes and
 * two bits of minutes read raw; at the week grain (bins only), ~52 weeks and ≤ 12 days more.
 */
export const cover = (from: number, to: number, grain: Grain): ReadonlyArray<Piece> => {
  if (from >= to) return []
  if (grain === 0) return [{ grain, from, to }]
  const ms = grain * 1000
  const o = originMs(grain)
  const a = Math.ceil((from - o) / ms) * ms + o
  const b = Math.floor((to - o) / ms) * ms + o
  if (a >= b) return cover(from, to, finer[grain])
  return [...cover(from, a, finer[grain]), { grain, from: a, to: b }, ...cover(b, to, finer[grain])]
}

/** The coarsest grain whose buckets fit in a step of `stepMs` (0: read the fixes). */
export const grainFor = (stepMs: number): SeriesGrain =>
  stepMs >= 86_400_000 ? 86400 : stepMs >= 3_600_000 ? 3600 : stepMs >= 60_000 ? 60 : 0

/** One CAN value's figures over a bucket. */
export interface CanFigures {
  readonly n: number
  readonly sum: number
  readonly min: number
  readonly max: number
  readonly last: number
  /** When `last` was read (ms). */
  readonly at: number
}

/** A rollup row, or one fix read raw (then `fixes` is 1), as the aggregation adds them. */
export interface Item {
  /** The bucket's start, or the fix's time (ms). */
  readonly at: number
  readonly fixes: number
  readonly seconds: number
  readonly moving: number
  readonly engine: number
  /** Metres. */
  readonly distance: number
  readonly speedN: number
  readonly speedSum: number
  readonly speedMin: number | null
  readonly speedMax: number | null
  /** Seconds at each vibration level (none, low, medium, high). */
  readonly vibration: readonly [number, number, number, number]
  readonly battery: number | null
  readonly batteryAt: number | null
  readonly can: Readonly<Record<string, CanFigures>>
}

/** The functions a series point applies over its step. */
export const seriesFunctions = ["avg", "min", "max", "sum", "last", "count"] as const
export type SeriesFunction = (typeof seriesFunctions)[number]

/** What a series reads: a value the box measures, or a quantity the rollups sum. */
export const quantityFields = ["distance", "engineTime", "movingTime", "fixes"] as const
export type QuantityField = (typeof quantityFields)[number]
export type SeriesField = "speed" | "battery" | QuantityField | `can.${string}`

/**
 * Which functions apply to a field: a quantity sums, the battery is read last, the speed is
 * averaged or its extremes or count taken (a sum of speeds means nothing, and the rollups keep no
 * latest speed), a CAN value takes all.
 */
export const functionsOf = (field: SeriesField): ReadonlyArray<SeriesFunction> =>
  field === "battery"
    ? ["last"]
    : field === "speed"
      ? ["avg", "min", "max", "count"]
      : (quantityFields as ReadonlyArray<string>).includes(field)
        ? ["sum"]
        : seriesFunctions

/** A value's figures over some items: count, sum, extremes and the latest reading. */
export interface Figures {
  readonly n: number
  readonly sum: number
  readonly min: number | null
  readonly max: number | null
  readonly last: number | null
  readonly lastAt: number | null
}

const emptyFigures: Figures = { n: 0, sum: 0, min: null, max: null, last: null, lastAt: null }

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b))
const higher = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b))

/** The figures of `field` in one item. */
const figuresOf = (item: Item, field: SeriesField): Figures => {
  switch (field) {
    case "speed":
      return {
        n: item.speedN,
        sum: item.speedSum,
        min: item.speedMin,
        max: item.speedMax,
        last: null,
        lastAt: null,
      }
    case "battery":
      return item.battery === null
        ? emptyFigures
        : {
            n: 1,
            sum: item.battery,
            min: item.battery,
            max: item.battery,
            last: item.battery,
            lastAt: item.batteryAt,
          }
    case "distance":
      return { ...emptyFigures, n: item.fixes, sum: item.distance }
    case "engineTime":
      return { ...emptyFigures, n: item.fixes, sum: item.engine }
    case "movingTime":
      return { ...emptyFigures, n: item.fixes, sum: item.moving }
    case "fixes":
      return { ...emptyFigures, n: item.fixes, sum: item.fixes }
    default: {
      const c = item.can[field.slice(4)]
      return c === undefined
        ? emptyFigures
        : { n: c.n, sum: c.sum, min: c.min, max: c.max, last: c.last, lastAt: c.at }
    }
  }
}

/** Two sets of figures as one. */
export const mergeFigures = (a: Figures, b: Figures): Figures => ({
  n: a.n + b.n,
  sum: a.sum + b.sum,
  min: lower(a.min, b.min),
  max: higher(a.max, b.max),
  ...(b.lastAt !== null && (a.lastAt === null || b.lastAt >= a.lastAt)
    ? { last: b.last, lastAt: b.lastAt }
    : { last: a.last, lastAt: a.lastAt }),
})

/** The figures of `field` over `items`. */
export const figures = (items: ReadonlyArray<Item>, field: SeriesField) =>
  items.reduce((acc, item) => mergeFigures(acc, figuresOf(item, field)), emptyFigures)

/** A point of a series: its step's start, the function's value and the step's extremes. */
export interface SeriesPoint {
  readonly at: number
  readonly value: number | null
  readonly min: number | null
  readonly max: number | null
}

const apply = (f: Figures, fct: SeriesFunction): number | null => {
  switch (fct) {
    case "avg":
      return f.n === 0 ? null : f.sum / f.n
    case "min":
      return f.min
    case "max":
      return f.max
    case "sum":
      return f.n === 0 ? null : f.sum
    case "last":
      return f.last
    case "count":
      return f.n
  }
}

/**
 * `items` over [from, from + steps × stepMs) as `steps` points: each step's value by `fct`, with
 * its minimum and maximum (MinMax downsampling: the envelope the raw line would draw). A step with
 * nothing has a null value (a gap in the line, never a made-up zero) — but for counts and sums of
 * quantities, which are 0.
 */
export const series = (
  items: ReadonlyArray<Item>,
  field: SeriesField,
  fct: SeriesFunction,
  from: number,
  stepMs: number,
  steps: number,
): ReadonlyArray<SeriesPoint> => {
  const acc: Array<Figures> = Array.from({ length: steps }, () => emptyFigures)
  for (const item of items) {
    const i = Math.floor((item.at - from) / stepMs)
    if (i >= 0 && i < steps) acc[i] = mergeFigures(acc[i], figuresOf(item, field))
  }
  const isQuantity = (quantityFields as ReadonlyArray<string>).includes(field)
  return acc.map((f, i) => ({
    at: from + i * stepMs,
    value: isQuantity ? f.sum : fct === "count" ? f.n : apply(f, fct),
    min: isQuantity ? null : f.min,
    max: isQuantity ? null : f.max,
  }))
}

/** A value's figures in step `i`, as the database sums them (server/rollups/repository.ts). */
export interface StepFigures {
  readonly i: number
  readonly n: number
  readonly s: number
  readonly mi: number | null
  readonly ma: number | null
  readonly la: number | null
  readonly lat: number | null
}

/** `steps` points from the steps' figures (a step may come in several parts: rollups, fixes). */
export const seriesOfSteps = (
  rows: ReadonlyArray<StepFigures>,
  fct: SeriesFunction,
  from: number,
  stepMs: number,
  steps: number,
): ReadonlyArray<SeriesPoint> => {
  const acc: Array<Figures> = Array.from({ length: steps }, () => emptyFigures)
  for (const r of rows)
    if (r.i >= 0 && r.i < steps)
      acc[r.i] = mergeFigures(acc[r.i] as Figures, {
        n: r.n,
        sum: r.s,
        min: r.mi,
        max: r.ma,
        last: r.la,
        lastAt: r.la === null ? null : r.lat,
      })
  return acc.map((f, i) => ({
    at: from + i * stepMs,
    value: fct === "count" ? f.n : apply(f, fct),
    min: f.min,
    max: f.max,
  }))
}

/** The totals of `items`: time, distance, speed, vibration, battery and each CAN value. */
export const totals = (items: ReadonlyArray<Item>) => {
  const can = new Map<string, Figures>()
  for (const item of items)
    for (const name of Object.keys(item.can))
      can.set(name, mergeFigures(can.get(name) ?? emptyFigures, figuresOf(item, `can.${name}`)))
  const vibration: [number, number, number, number] = [0, 0, 0, 0]
  for (const item of items) for (let i = 0; i < 4; i++) vibration[i] += item.vibration[i]
  return {
    fixes: items.reduce((s, i) => s + i.fixes, 0),
    seconds: items.reduce((s, i) => s + i.seconds, 0),
    moving: items.reduce((s, i) => s + i.moving, 0),
    engine: items.reduce((s, i) => s + i.engine, 0),
    distance: items.reduce((s, i) => s + i.distance, 0),
    speed: figures(items, "speed"),
    battery: figures(items, "battery"),
    vibration,
    can,
  }
}

/**
 * Counts of `bins` in bands [min + i × step, min + (i + 1) × step) up to `max` (a value in no band
 * is left out), each bin counted where the value it stands for falls.
 */
export const bands = (bins: ReadonlyMap<number, number>, min: number, max: number, step: number) => {
  const count = Math.max(0, Math.ceil((max - min) / step))
  const out = Array.from({ length: count }, (_, i) => ({
    from: min + i * step,
    to: Math.min(max, min + (i + 1) * step),
    n: 0,
  }))
  for (const [bin, n] of bins) {
    const v = binValue(bin)
    if (v < min || v >= max) continue
    const i = Math.floor((v - min) / step)
    if (out[i] !== undefined) out[i].n += n
  }
  return out
}
