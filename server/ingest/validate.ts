import type { FixRefusalReason } from "../../src/schema/telemetry"
import { isBadText } from "../http/bodyRules"

/**
 * Checks the fixes of one upload, one by one, against the wire format of src/schema/telemetry.ts
 * (`WireFix`) and what is possible, and lays the accepted ones out column by column for the one
 * statement that stores them. Written by hand, not with the schema's decoder: an upload holds up
 * to 20,000 fixes and this is the ingest's hot path (the decoder took several times as long per
 * fix, and it cannot tell "NaN" from a malformed value). `validate.test.ts` holds it to the schema.
 */

/** The most fixes one upload may carry (more: 413). */
export const maxFixesPerBatch = 20_000
/** How far ahead of the server's clock a box's clock may run. */
export const futureToleranceMs = 5 * 60_000

/** The accepted fixes, one array per column (index i of every array is one fix). */
export interface FixColumns {
  readonly at: Array<string>
  readonly lng: Array<number>
  readonly lat: Array<number>
  readonly acc: Array<number | null>
  readonly spd: Array<number | null>
  readonly hdg: Array<number | null>
  readonly alt: Array<number | null>
  readonly sat: Array<number | null>
  readonly vib: Array<number | null>
  readonly vibRaw: Array<number | null>
  readonly bat: Array<number | null>
  readonly can: Array<string | null>
  readonly tags: Array<string | null>
}

export interface CheckedBatch {
  readonly columns: FixColumns
  readonly refused: Array<{ index: number; reason: FixRefusalReason }>
  /** The battery of the latest accepted fix (by its time) that carries one, and that time. */
  readonly battery: { readonly value: number; readonly at: string; readonly ms: number } | null
  /** The latest accepted fix, by its time (the live position a phone's fix also is). */
  readonly latest: number | null
}

const emptyColumns = (): FixColumns => ({
  at: [],
  lng: [],
  lat: [],
  acc: [],
  spd: [],
  hdg: [],
  alt: [],
  sat: [],
  vib: [],
  vibRaw: [],
  bat: [],
  can: [],
  tags: [],
})

const isoTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

/** The instant of an ISO 8601 time with `Z` or an offset, in ms; NaN when it is no such time. */
export const parseTime = (value: string): number => {
  const m = isoTime.exec(value)
  if (!m) return Number.NaN
  const day = Number(m[3])
  if (day < 1 || day > daysIn(Number(m[1]), Number(m[2]))) return Number.NaN
  return Date.parse(value)
}

const levels: Record<string, number> = { none: 0, low: 1, medium: 2, high: 3 }

/**
 * The largest magnitude a measured value may have: the columns are `real` (about 3.4e38), and no
 * receiver measures anything near this.
 */
const maxMagnitude = 1e30

class Refusal {
  constructor(readonly reason: FixRefusalReason) {}
}
const malformed = new Refusal("malformed")
const notANumber = new Refusal("notANumber")

const nanWords = new Set(["nan", "-nan", "+nan", "infinity", "-infinity", "+infinity", "inf", "-inf", "+inf"])

/** A number where one is due: a string or a value JSON cannot hold as a number is refused. */
const number = (value: unknown): number => {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw notANumber // 1e999 parses to Infinity
    return value
  }
  if (typeof value === "string" && nanWords.has(value.trim().toLowerCase())) throw notANumber
  throw malformed
}

const optionalNumber = (value: unknown): number | null => {
  if (value === undefined) return null
  const n = number(value)
  if (Math.abs(n) > maxMagnitude) throw malformed
  return n
}

const canValues = (value: unknown): string | null => {
  if (value === undefined) return null
  if (value === null || typeof value !== "object" || Array.isArray(value)) throw malformed
  for (const [key, v] of Object.entries(value)) {
    if (isBadText(key) || key.length > 64) throw malformed
    number(v)
  }
  return JSON.stringify(value)
}

const heardTags = (value: unknown): string | null => {
  if (value === undefined) return null
  if (!Array.isArray(value)) throw malformed
  const tags = value.map((tag: unknown) => {
    if (tag === null || typeof tag !== "object" || Array.isArray(tag)) throw malformed
    const { id, rssi } = tag as { id?: unknown; rssi?: unknown }
    if (typeof id !== "string" || id.length < 1 || id.length > 64 || isBadText(id)) throw malformed
    return rssi === undefined ? { id } : { id, rssi: number(rssi) }
  })
  return JSON.stringify(tags)
}

/**
 * Checks `fixes` (the parsed `fixes` array of an upload) for a box registered at `boxSince` (ms),
 * at `now` (ms). Each fix is accepted or refused by its index with the first reason found.
 */
export const checkFixes = (fixes: ReadonlyArray<unknown>, boxSince: number, now: number): CheckedBatch => {
  const columns = emptyColumns()
  const refused: Array<{ index: number; reason: FixRefusalReason }> = []
  let battery: CheckedBatch["battery"] = null
  let latest: number | null = null
  let latestMs = Number.NEGATIVE_INFINITY
  const latestOk = now + futureToleranceMs
  for (let index = 0; index < fixes.length; index++) {
    const fix = fixes[index] as Record<string, unknown> | null
    try {
      if (fix === null || typeof fix !== "object" || Array.isArray(fix)) throw malformed
      const t = fix.t
      if (typeof t !== "string") throw malformed
      const ms = parseTime(t)
      if (Number.isNaN(ms)) throw malformed
      const lat = number(fix.lat)
      const lng = number(fix.lng)
      const acc = optionalNumber(fix.acc)
      const spd = optionalNumber(fix.spd)
      const hdg = optionalNumber(fix.hdg)
      const alt = optionalNumber(fix.alt)
      const vibRaw = optionalNumber(fix.vibRaw)
      const bat = optionalNumber(fix.bat)
      const sat = optionalNumber(fix.sat)
      if (sat !== null && (!Number.isInteger(sat) || sat < 0 || sat > 32767)) throw malformed
      let vib: number | null = null
      if (fix.vib !== undefined) {
        if (typeof fix.vib !== "string" || !Object.hasOwn(levels, fix.vib)) throw malformed
        vib = levels[fix.vib]
      }
      const can = canValues(fix.can)
      const tags = heardTags(fix.tags)
      if (lat < -90 || lat > 90) throw new Refusal("latitudeOutOfRange")
      if (lng < -180 || lng > 180) throw new Refusal("longitudeOutOfRange")
      if (ms > latestOk) throw new Refusal("timeInFuture")
      if (ms < boxSince) throw new Refusal("timeBeforeBox")
      columns.at.push(t)
      columns.lng.push(lng)
      columns.lat.push(lat)
      columns.acc.push(acc)
      columns.spd.push(spd)
      columns.hdg.push(hdg)
      columns.alt.push(alt)
      columns.sat.push(sat)
      columns.vib.push(vib)
      columns.vibRaw.push(vibRaw)
      columns.bat.push(bat)
      columns.can.push(can)
      columns.tags.push(tags)
      const row = columns.at.length - 1
      if (ms > latestMs) {
        latest = row
        latestMs = ms
      }
      if (bat !== null && (battery === null || ms > battery.ms)) battery = { value: bat, at: t, ms }
    } catch (e) {
      if (!(e instanceof Refusal)) throw e
      refused.push({ index, reason: e.reason })
    }
  }
  return { columns, refused, battery, latest }
}

/** A PostgreSQL array literal of numbers (NULL for none). */
export const numberArray = (values: ReadonlyArray<number | null>) =>
  `{${values.map((v) => (v === null ? "NULL" : String(v))).join(",")}}`

/** A PostgreSQL array literal of texts, each quoted (NULL for none). */
export const textArray = (values: ReadonlyArray<string | null>) =>
  `{${values.map((v) => (v === null ? "NULL" : `"${v.replace(/[\\"]/g, "\\$&")}"`)).join(",")}}`
