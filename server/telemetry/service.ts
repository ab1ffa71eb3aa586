import { SqlClient } from "@effect/sql"
import { stringify } from "csv-stringify/sync"
import { DateTime, Effect } from "effect"
import { BadRequest, Forbidden, NotFound } from "../../src/schema/errors"
import { ActivityId, MachineId } from "../../src/schema/ids"
import { CurrentUser } from "../../src/schema/middleware"
import {
  HistoryTrace,
  historyFullFixes,
  historyGapSeconds,
  type TracePoint,
  TraceSegment,
} from "../../src/schema/positions"
import {
  AttributedFixesPage,
  CategoriesData,
  FixesPage,
  StoredFix,
  type TemporalDataType,
  TemporalSeries,
  vibrationLevels,
} from "../../src/schema/telemetryReads"
import { fixLabels } from "../activities/labels"
import { Admins } from "../admin/admins"
import { Access } from "../clusters/access"
import { CountersRepo } from "../counters/repository"
import { TelemetryRepo, type TraceRow } from "./repository"

interface Period {
  readonly start_date: DateTime.Utc
  readonly end_date: DateTime.Utc
}
interface Paged extends Period {
  readonly page: number
  readonly limit: number
}

/** The longest period one CSV export holds (a machine at one fix per 5 s: 535,680 rows at most). */
export const csvMaxDays = 31

/** The CSV's columns: every stored value, in the order of the wire format. */
export const csvColumns = [
  "counter",
  "at",
  "lng",
  "lat",
  "accuracy_m",
  "speed_kmh",
  "heading_deg",
  "altitude_m",
  "satellites",
  "vibration",
  "vibration_raw",
  "battery",
  "can",
  "tags",
  "received_at",
  "state",
  "activity",
] as const

const csvRow = (f: StoredFix) => [
  f.counter,
  DateTime.formatIso(f.at),
  f.lng,
  f.lat,
  f.accuracy,
  f.speed,
  f.heading,
  f.altitude,
  f.satellites,
  f.vibration,
  f.vibrationRaw,
  f.battery,
  f.can === null ? null : JSON.stringify(f.can),
  f.tags === null ? null : JSON.stringify(f.tags),
  DateTime.formatIso(f.receivedAt),
  f.state ?? null,
  f.activity ?? null,
]

const utc = (value: Date | string) => DateTime.unsafeMake(value)

/** The trace's rows (one per point, segment by segment) as the contract's segments. */
const toSegments = (rows: ReadonlyArray<TraceRow>, startMs: number) => {
  const segments: Array<TraceSegment> = []
  let points: Array<TracePoint> = []
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]
    const segStart = utc(row.seg_start)
    // M is the seconds since the period's start: made relative to the segment's start.
    const offset = (segStart.epochMillis - startMs) / 1000
    points.push([
      row.lng,
      row.lat,
      Math.round((row.t - offset) * 1000) / 1000,
      row.speed < 0 ? null : row.speed,
    ])
    if (i === rows.length - 1 || rows[i + 1].seg !== row.seg) {
      segments.push(
        new TraceSegment({ start: segStart, end: utc(row.seg_end), fixes: Number(row.seg_fixes), points }),
      )
      points = []
    }
  }
  return segments
}

/**
 * Reading what boxes sent (SPEC §7), rights checked here: a machine's fixes and boxes for whoever
 * sees the machine (seeMachines in its structure, or any grant on it); a box's series and
 * categories for the members of the structure the box belongs to; a box's data whatever it is
 * associated to for the platform administrators only.
 */
export class Telemetry extends Effect.Service<Telemetry>()("Telemetry", {
  effect: Effect.gen(function* () {
    const repo = yield* TelemetryRepo
    const counters = yield* CountersRepo
    const access = yield* Access
    const admins = yield* Admins
    const sql = yield* SqlClient.SqlClient

    /** The fixes with the activity engine's labels: state and activity (null when not computed yet). */
    const labelled = (machineId: string, fixes: ReadonlyArray<StoredFix>) =>
      fixes.length === 0
        ? Effect.succeed(fixes)
        : fixLabels(machineId, fixes[0].at.epochMillis, fixes[fixes.length - 1].at.epochMillis).pipe(
            Effect.provideService(SqlClient.SqlClient, sql),
            Effect.map((labels) =>
              fixes.map((f) => {
                const label = labels.get(f.at.epochMillis)
                return new StoredFix({
                  ...f,
                  state: label?.state ?? null,
                  activity: label?.activity == null ? null : ActivityId.make(label.activity),
                })
              }),
            ),
          )

    /** SPEC §6 machine visibility: seeMachines in its structure, or any grant on it. */
    const visibleMachine = Effect.fnUntraced(function* (machineId: string) {
      const { id: me } = yield* CurrentUser
      const machine = yield* counters.machine(machineId)
      if (!machine) return yield* Effect.fail(NotFound.of())
      if ((yield* counters.grantCount(machine.id, me)) > 0) return machine
      const membership = yield* access.membership(machine.cluster_id, me)
      if (!membership) return yield* Effect.fail(NotFound.of())
      if (!membership.rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
      return machine
    })

    /** The box when it belongs to a structure of the caller; NotFound otherwise (never a hint). */
    const myCounter = Effect.fnUntraced(function* (counterId: string) {
      const counter = yield* counters.get(counterId.trim().toUpperCase())
      if (!counter?.cluster) return yield* Effect.fail(NotFound.of())
      yield* access.member(counter.cluster.id)
      return counter
    })

    return {
      /** The machine if the caller sees it (SPEC §6): NotFound or Forbidden otherwise. */
      visibleMachine,
      historyLocs: Effect.fn("Telemetry.historyLocs")(function* (machineId: string, q: Paged) {
        const machine = yield* visibleMachine(machineId)
        const { total, fixes } = yield* repo.machineFixes(
          machine.id,
          q.start_date,
          q.end_date,
          q.page,
          q.limit,
        )
        return new FixesPage({
          total,
          page: q.page,
          limit: q.limit,
          fixes: yield* labelled(machine.id, fixes),
        })
      }),
      historyCsv: Effect.fn("Telemetry.historyCsv")(function* (machineId: string, q: Period) {
        const machine = yield* visibleMachine(machineId)
        if (q.end_date.epochMillis - q.start_date.epochMillis > csvMaxDays * 86_400_000)
          return yield* Effect.fail(BadRequest.of("outOfRange"))
        const parts: Array<string> = [stringify([[...csvColumns]])]
        yield* repo.eachMachineFix(machine.id, q.start_date, q.end_date, (fixes) =>
          Effect.map(labelled(machine.id, fixes), (rows) => {
            parts.push(stringify(rows.map(csvRow)))
          }),
        )
        return parts.join("")
      }),
      /** SPEC §7 machinesGeolocation/history: the machine's trace over the period, for the map. */
      geolocHistory: Effect.fn("Telemetry.geolocHistory")(function* (
        machineId: string,
        q: { startDate: DateTime.Utc; endDate: DateTime.Utc },
      ) {
        const machine = yield* visibleMachine(machineId)
        const rows = yield* repo.trace(
          machine.id,
          q.startDate,
          q.endDate,
          historyGapSeconds,
          historyFullFixes,
        )
        return new HistoryTrace({
          machine: MachineId.make(machine.id),
          start: q.startDate,
          end: q.endDate,
          fixes: rows.length === 0 ? 0 : Number(rows[0].total),
          tolerance: rows.length === 0 ? 0 : Number(rows[0].tolerance_m),
          segments: toSegments(rows, q.startDate.epochMillis),
        })
      }),
      devicesInformations: Effect.fn("Telemetry.devicesInformations")(function* (machineId: string) {
        const machine = yield* visibleMachine(machineId)
        return yield* repo.devices(machine.id)
      }),
      temporal: Effect.fn("Telemetry.temporal")(function* (
        counterId: string,
        q: { dataType: TemporalDataType; page: number; limit: number },
      ) {
        const counter = yield* myCounter(counterId)
        const { total, points } = yield* repo.series(counter.id, q.dataType, q.page, q.limit)
        return new TemporalSeries({ dataType: q.dataType, total, page: q.page, limit: q.limit, points })
      }),
      categories: Effect.fn("Telemetry.categories")(function* (
        counterId: string,
        q: { dataType: "vibration" },
      ) {
        const counter = yield* myCounter(counterId)
        const rows = yield* repo.vibrationCategories(counter.id)
        return new CategoriesData({
          dataType: q.dataType,
          categories: vibrationLevels.map((category, rank) => {
            const row = rows.find((r) => r.vibration === rank)
            return { category, seconds: Math.round(row?.seconds ?? 0), fixes: row?.fixes ?? 0 }
          }),
        })
      }),
      /** Admin counterdata: the box's fixes whatever they are attributed to (unknown box 404). */
      counterFixes: Effect.fn("Telemetry.counterFixes")(function* (counterId: string, q: Paged) {
        yield* admins.require
        const box = yield* counters.get(counterId.trim().toUpperCase())
        if (!box) return yield* Effect.fail(NotFound.of())
        const { counts, fixes } = yield* repo.boxFixes(box.id, q.start_date, q.end_date, q.page, q.limit)
        return new AttributedFixesPage({
          total: counts?.n ?? 0,
          unattributed: counts?.unattributed ?? 0,
          page: q.page,
          limit: q.limit,
          fixes,
        })
      }),
    }
  }),
  dependencies: [TelemetryRepo.Default, CountersRepo.Default, Access.Default, Admins.Default],
}) {}
