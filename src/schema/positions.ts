import { Schema } from "effect"
import { MachineId } from "./ids"

/**
 * Where a machine has been (SPEC §7 `GET machinesGeolocation/history/{id}?startDate,endDate`):
 * its trace over a UTC period, in segments split where its box fell silent, simplified when the
 * period holds many fixes so that a month stays light on the map.
 */

/** The longest period one history holds (a month: about 500,000 fixes of a machine at work). */
export const historyMaxDays = 31

/** A silence of the box longer than this splits the trace: the gap is drawn as a gap. */
export const historyGapSeconds = 300

/** Above this many fixes, the trace is simplified (see `HistoryTrace.tolerance`). */
export const historyFullFixes = 20_000

/** A UTC period [startDate, endDate) of at most `historyMaxDays`. */
export const HistoryQuery = Schema.Struct({
  startDate: Schema.DateTimeUtc,
  endDate: Schema.DateTimeUtc,
}).pipe(
  Schema.filter(
    (q) =>
      q.startDate.epochMillis < q.endDate.epochMillis || {
        path: ["endDate"],
        message: "endBeforeStart",
      },
  ),
  Schema.filter(
    (q) =>
      q.endDate.epochMillis - q.startDate.epochMillis <= historyMaxDays * 86_400_000 || {
        path: ["endDate"],
        message: "outOfRange",
      },
  ),
)

/**
 * One point of a trace: longitude, latitude (WGS84), seconds since the segment's start, and the
 * speed in km/h (null when the box sent none).
 */
export const TracePoint = Schema.Tuple(
  Schema.Number,
  Schema.Number,
  Schema.Number,
  Schema.NullOr(Schema.Number),
)
export type TracePoint = typeof TracePoint.Type

/** A stretch of the trace with no silence longer than `historyGapSeconds`. */
export class TraceSegment extends Schema.Class<TraceSegment>("TraceSegment")({
  start: Schema.DateTimeUtc,
  end: Schema.DateTimeUtc,
  /** How many fixes the box sent over it (before any simplification). */
  fixes: Schema.Number,
  points: Schema.Array(TracePoint),
}) {}

export class HistoryTrace extends Schema.Class<HistoryTrace>("HistoryTrace")({
  machine: MachineId,
  start: Schema.DateTimeUtc,
  end: Schema.DateTimeUtc,
  /** Fixes over the period, before simplification. */
  fixes: Schema.Number,
  /**
   * The simplification applied, in metres (0: every fix is a point). Above `historyFullFixes`
   * fixes, points closer than this to the line through their neighbours are dropped; the points
   * kept are fixes as the box sent them, with their times.
   */
  tolerance: Schema.Number.pipe(Schema.greaterThanOrEqualTo(0)),
  segments: Schema.Array(TraceSegment),
}) {}
