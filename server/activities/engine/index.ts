import { workStates } from "../../../src/schema/workStates"
import { cleanTrace, ignoredCodes } from "./clean"
import { fieldOfFixes } from "./fields"
import { figuresOf } from "./figures"
import { labelFixes } from "./label"
import { motionOf } from "./motion"
import { activitySpans } from "./segment"
import type { EngineActivity, EngineInput, EngineOutput, FixLabel } from "./types"

/**
 * The activity engine: one machine's fixes over a period (with some of the neighbouring days),
 * its settings, tool, fields, tags and bookings in; every fix's state and the activities out.
 * Pure and deterministic: no clock, no database, the same input gives the same output.
 * docs/activities.md explains what it decides and why, in the words of the people who use it.
 */
export const detectActivities = (input: EngineInput): EngineOutput => {
  const settings = input.machine.settings
  const betweenS = settings.minutesBetweenWorks * 60
  const trace = cleanTrace(input)
  // No time is counted across a hole in the data longer than the minutes between two works
  // (the box was off, or out of reach and never sent it): nothing says what happened then.
  const mo = motionOf(trace, settings.minVibration, input.machine.canPresent, Math.max(betweenS, 60))
  const cutTimes = cutsOf(input)
  const slice = new Int32Array(mo.m)
  let c = 0
  for (let j = 0; j < mo.m; j++) {
    const t = trace.t[trace.kept[j] as number] as number
    while (c < cutTimes.length && (cutTimes[c] as number) <= t) c++
    slice[j] = c
  }
  // A fix before a cut stands for its time only up to the cut: an activity ends there.
  for (let j = 0; j + 1 < mo.m; j++)
    if (slice[j + 1] !== slice[j] && (mo.dt[j] as number) > 0) {
      const cut = cutTimes[(slice[j + 1] as number) - 1] as number
      mo.dt[j] = Math.max(0, (cut - (trace.t[trace.kept[j] as number] as number)) / 1000)
    }
  const fieldAll = fieldOfFixes(trace, input.fields)
  const fieldOf = new Int32Array(mo.m)
  for (let j = 0; j < mo.m; j++) fieldOf[j] = fieldAll[trace.kept[j] as number] as number
  const labelled = labelFixes(mo, fieldOf, {
    settings,
    maxWorkingSpeedKmh: input.machine.maxWorkingSpeedKmh,
    toolWidthM: input.machine.toolWidthM,
    slice,
  })
  const fieldIds = input.fields.map((f) => f.id)
  const context = { input, trace, mo, l: labelled, fieldIds }
  const minActivityS = settings.minActivityDurationMinutes * 60
  const activityOf = new Int32Array(mo.m).fill(-1)
  const activities: Array<EngineActivity> = []
  // Which merged span (a person's join) each kept fix is in, -1 for none.
  const joined = new Int32Array(mo.m).fill(-1)
  const joins = unionOf(input.joins ?? [])
  if (joins.length > 0)
    for (let j = 0; j < mo.m; j++) {
      const t = trace.t[trace.kept[j] as number] as number
      joined[j] = joins.findIndex((s) => t >= s.start && t <= s.end)
    }
  for (const span of activitySpans(mo, labelled, { settings, slice, joined })) {
    const a = figuresOf(context, span)
    if (a.durationSeconds < minActivityS) continue
    if (settings.ignoreUnknownFields && a.fields.length === 0) continue
    if (a.start < input.period.start || a.start >= input.period.end) continue
    for (let j = span.first; j <= span.last; j++) activityOf[j] = activities.length
    activities.push(a)
  }

  // Every fix gets a label; a left-out one takes its kept neighbour's state (the one before, else
  // after) but belongs to no activity and no field.
  const labels: Array<FixLabel> = new Array(trace.n)
  let j = -1
  for (let i = 0; i < trace.n; i++) {
    const ignored = ignoredCodes[trace.ignored[i] as number] ?? null
    if (ignored === null) j++
    const near = Math.min(Math.max(j, 0), mo.m - 1)
    const state = mo.m === 0 ? "pause" : (workStates[labelled.state[near] as number] ?? "pause")
    const field = ignored === null ? (labelled.ctx[near] as number) : -1
    const activity = ignored === null ? (activityOf[near] as number) : -1
    labels[i] = {
      t: trace.t[i] as number,
      state,
      activity: activity >= 0 ? activity : null,
      field: field >= 0 ? (fieldIds[field] ?? null) : null,
      ignored,
    }
  }
  return { labels, activities }
}

/** Overlapping or touching spans as one (a merge over an earlier merge joins all of it). */
const unionOf = (spans: ReadonlyArray<{ readonly start: number; readonly end: number }>) => {
  const out: Array<{ start: number; end: number }> = []
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1)
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end)
    else out.push({ start: s.start, end: s.end })
  }
  return out
}

/** Instants where activities are cut: the caller's (midnights), and the bookings' bounds when the
 * machine's time limitation goes by bookings. */
const cutsOf = (input: EngineInput): Array<number> => {
  const cuts = [...input.cuts]
  if (input.machine.settings.timeLimitation === "booking")
    for (const b of input.bookings) cuts.push(b.start, b.end)
  return [...new Set(cuts)].sort((a, b) => a - b)
}
