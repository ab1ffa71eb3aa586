import { createHash } from "node:crypto"
import type { EngineActivity } from "./engine/types"

/**
 * An activity keeps its id across recomputations: a person who corrected it, or wrote its id down,
 * finds it again. The stored activities of a machine-day are matched to the new ones by time: the
 * pairs overlapping most are matched first, each old and each new activity once; a new activity
 * matching none gets a new id, an old one matching none is gone.
 */
export interface Stored {
  readonly id: string
  readonly start: number
  readonly end: number
}

/** For each new activity (same order), the stored one it continues, or undefined. */
export const matchStored = <S extends Stored>(
  stored: ReadonlyArray<S>,
  fresh: ReadonlyArray<{ readonly start: number; readonly end: number }>,
): ReadonlyArray<S | undefined> => {
  const pairs: Array<{ s: number; f: number; overlap: number }> = []
  for (const [si, s] of stored.entries())
    for (const [fi, f] of fresh.entries()) {
      const overlap = Math.min(s.end, f.end) - Math.max(s.start, f.start)
      // Touching counts (two instants of a one-fix activity): an empty overlap does not.
      if (overlap > 0 || (overlap === 0 && (s.start === s.end || f.start === f.end)))
        pairs.push({ s: si, f: fi, overlap })
    }
  pairs.sort((a, b) => b.overlap - a.overlap || a.f - b.f || a.s - b.s)
  const result: Array<S | undefined> = fresh.map(() => undefined)
  const taken = new Set<number>()
  for (const p of pairs) {
    if (taken.has(p.s) || result[p.f] !== undefined) continue
    taken.add(p.s)
    result[p.f] = stored[p.s]
  }
  return result
}

const r = (value: number | null, digits: number) => (value === null ? null : Number(value.toFixed(digits)))

/**
 * The figures a person reads on an activity, summed up: when a recomputation finds other figures
 * than the ones a person saw when correcting it, the activity says so (`differsFromEdit`). Rounded
 * as shown (a metre, a second, a ten-thousandth of a hectare, a decilitre), so noise below what
 * anyone sees is no difference.
 */
export const fingerprint = (a: EngineActivity): string =>
  createHash("sha256")
    .update(
      JSON.stringify([
        a.start,
        a.end,
        r(a.durationSeconds, 0),
        r(a.roadDistanceM, 0),
        r(a.workDistanceM, 0),
        r(a.pauseSeconds, 0),
        a.pauseCount,
        r(a.areaHa, 4),
        r(a.areaWithOverlapHa, 4),
        r(a.fuelLitres, 1),
        a.fuelSource,
        r(a.maxSpeedKmh, 1),
        a.productTypeId,
        a.fields.map((f) => [f.fieldId, r(f.workSeconds, 0), r(f.areaHa, 4)]),
        a.driverIds,
        a.auxiliaryIds,
        a.bookingId,
        a.attribution.memberId,
      ]),
    )
    .digest("base64url")
    .slice(0, 22)
