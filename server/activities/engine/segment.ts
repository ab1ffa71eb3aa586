import type { MachineSettings } from "../../../src/schema/machine"
import type { Labelled } from "./label"
import type { Motion } from "./motion"
import { IDLE, PAUSE, ROAD } from "./states"

/**
 * Activities from work runs. Runs in the same field (or in an unknown one) follow each other into
 * one activity when less than the minutes between two works separate them; a run in another known
 * field starts another activity (it may be another member's). An activity also holds the road
 * that leads to it (from the yard, or from the previous field) and, after the last work before a
 * long stop, the road back: "distance on road" is part of what the work cost.
 */

export interface Span {
  /** First and last kept fix of the activity. */
  readonly first: number
  readonly last: number
  /** Runs it holds (indices into `labelled.runs`). */
  readonly runs: ReadonlyArray<number>
}

export interface SegmentOptions {
  readonly settings: MachineSettings
  readonly slice: Int32Array
  /** Per kept fix, the span a person merged it into (-1: none): runs in one go together. */
  readonly joined?: Int32Array
}

export const activitySpans = (mo: Motion, l: Labelled, o: SegmentOptions): Array<Span> => {
  const betweenS = o.settings.minutesBetweenWorks * 60
  const groups: Array<Array<number>> = []
  let groupField = -1
  l.runs.forEach((r, k) => {
    const group = groups.at(-1)
    const previous = group ? l.runs[group.at(-1) as number] : undefined
    // Work in an unknown field goes with the known field's work around it; a person's merge joins
    // whatever lies inside it (but never across a cut).
    const merged =
      previous !== undefined &&
      o.joined !== undefined &&
      (o.joined[previous.last] as number) >= 0 &&
      o.joined[previous.last] === o.joined[r.first]
    const joins =
      previous !== undefined &&
      o.slice[previous.last] === o.slice[r.first] &&
      (merged ||
        ((r.field === groupField || r.field < 0 || groupField < 0) &&
          (mo.ts[r.first] as number) - (mo.ts[previous.last] as number) < betweenS &&
          noGap(mo, previous.last, r.first)))
    if (group && joins) {
      group.push(k)
      if (groupField < 0) groupField = r.field
    } else {
      groups.push([k])
      groupField = r.field
    }
  })
  const owner = new Int32Array(mo.m).fill(-1)
  const cores = groups.map((g, a) => {
    const first = (l.runs[g[0] as number] as { first: number }).first
    const last = (l.runs[g.at(-1) as number] as { last: number }).last
    for (let j = first; j <= last; j++) owner[j] = a
    return { first, last }
  })
  const minPauseS = o.settings.minPauseMinutes * 60
  const travels = (j: number) => {
    const s = l.state[j]
    if (s === ROAD) return true
    if (s !== IDLE && s !== PAUSE) return false
    return stopSeconds(mo, l.state, j) < minPauseS
  }
  // The way to each field first, then what is left of the way back.
  const firsts = cores.map((c, a) => {
    let j = c.first
    while (
      j > 0 &&
      owner[j - 1] === -1 &&
      travels(j - 1) &&
      o.slice[j - 1] === o.slice[j] &&
      (mo.dt[j - 1] as number) > 0
    ) {
      j--
      owner[j] = a
    }
    return j
  })
  const lasts = cores.map((c, a) => {
    let j = c.last
    while (
      j + 1 < mo.m &&
      owner[j + 1] === -1 &&
      travels(j + 1) &&
      o.slice[j + 1] === o.slice[j] &&
      (mo.dt[j] as number) > 0
    ) {
      j++
      owner[j] = a
    }
    return j
  })
  return groups.map((runs, a) => ({ first: firsts[a] as number, last: lasts[a] as number, runs }))
}

const noGap = (mo: Motion, from: number, to: number) => {
  for (let j = from; j < to; j++) if ((mo.dt[j] as number) === 0) return false
  return true
}

/** How long the stop the fix is part of lasts (s). */
const stopSeconds = (mo: Motion, state: Uint8Array, j: number) => {
  const s = state[j]
  let a = j
  while (a > 0 && state[a - 1] === s && (mo.dt[a - 1] as number) > 0) a--
  let b = j
  while (b + 1 < mo.m && state[b + 1] === s && (mo.dt[b] as number) > 0) b++
  return (mo.ts[b] as number) - (mo.ts[a] as number) + (mo.dt[b] as number)
}
