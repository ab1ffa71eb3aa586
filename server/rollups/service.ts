import { DateTime, Effect } from "effect"
import {
  CategoriesCounterData,
  type CategoriesCounterQuery,
  ComputedData,
  type DashboardQuery,
  LastValues,
  MachineComputedData,
  MachineDashboard,
  PercentileData,
  type PercentileQuery,
  TemporalDatas,
  type TemporalDatasQuery,
} from "../../src/schema/dashboard"
import { MachineId } from "../../src/schema/ids"
import {
  bands,
  type Figures,
  figures,
  type Grain,
  grainFor,
  percentileOfBins,
  quantityFields,
  type SeriesField,
  series,
  seriesOfSteps,
  totals,
  weekGrain,
} from "../../src/schema/rollups"
import { vibrationLevels } from "../../src/schema/telemetryReads"
import { workStates } from "../../src/schema/workStates"
import { Telemetry } from "../telemetry/service"
import { RollupsRepo } from "./repository"

const resolutions = { 0: "fixes", 60: "minute", 3600: "hour", 86400: "day" } as const

const period = (q: { startDate: DateTime.Utc; endDate: DateTime.Utc }) => ({
  from: DateTime.toEpochMillis(q.startDate),
  to: DateTime.toEpochMillis(q.endDate),
})

const valueFigures = (f: Figures) => ({
  count: f.n,
  avg: f.n === 0 ? null : f.sum / f.n,
  min: f.min,
  max: f.max,
  last: f.last,
})

/**
 * The one aggregation of what boxes sent (docs/dashboards.md): every figure of a machine's
 * dashboard read from the rollups over its associations, for whoever sees the machine (SPEC §6,
 * the same right as its history).
 */
export class Dashboards extends Effect.Service<Dashboards>()("Dashboards", {
  effect: Effect.gen(function* () {
    const repo = yield* RollupsRepo
    const telemetry = yield* Telemetry

    /** The machine's items over [from, to) at grains up to `grain`. */
    const itemsOf = (machineId: string, from: number, to: number, grain: Grain) =>
      Effect.flatMap(repo.pieces(machineId, from, to, grain), repo.items)

    /**
     * What the machine's boxes and the activity engine recorded over [from, to): engine hours,
     * working hours (field work and turns) and km. The counters of maintenance and of
     * `machinesComputedData` are a reading plus this.
     */
    const recorded = Effect.fnUntraced(function* (machineId: string, from: number, to: number) {
      if (to <= from) return { engineHours: 0, workingHours: 0, km: 0 }
      const t = totals(yield* itemsOf(machineId, from, to, 86400))
      const states = yield* repo.states(machineId, from, to)
      const working = states
        .filter((r) => r.state === workStates.indexOf("fieldWork") || r.state === workStates.indexOf("turn"))
        .reduce((sum, r) => sum + r.seconds, 0)
      return { engineHours: t.engine / 3600, workingHours: working / 3600, km: t.distance / 1000 }
    })

    return {
      recorded,
      temporalDatas: Effect.fn("Dashboards.temporalDatas")(function* (id: string, q: TemporalDatasQuery) {
        const machine = yield* telemetry.visibleMachine(id)
        const { from, to } = period(q)
        const step = Math.ceil((to - from) / q.nbrOfValues)
        const grain = grainFor(step)
        const field = q.field as SeriesField
        const pieces = yield* repo.pieces(machine.id, from, to, grain)
        // A value is summed per step in the database; a quantity needs each fix's time (items).
        const points = (quantityFields as ReadonlyArray<string>).includes(field)
          ? series(yield* repo.items(pieces), field, q.fct, from, step, q.nbrOfValues)
          : seriesOfSteps(yield* repo.valueSteps(pieces, field, from, step), q.fct, from, step, q.nbrOfValues)
        return new TemporalDatas(
          {
            machine: MachineId.make(machine.id),
            field: q.field,
            fct: q.fct,
            startDate: q.startDate,
            endDate: q.endDate,
            step,
            resolution: resolutions[grain],
            points: points.map((p) => ({
              ...p,
              at: DateTime.unsafeMake(p.at),
            })),
            // Built here from checked figures; the answer's encoding checks it again (500 points).
          },
          true,
        )
      }),

      percentile: Effect.fn("Dashboards.percentile")(function* (id: string, q: PercentileQuery) {
        const machine = yield* telemetry.visibleMachine(id)
        const { from, to } = period(q)
        const field = q.dataType === "speed" ? "speed" : `can.${q.value}`
        const bins = yield* repo.bins(yield* repo.pieces(machine.id, from, to, weekGrain), field)
        return new PercentileData({
          dataType: q.dataType,
          value: q.dataType === "speed" ? null : (q.value ?? null),
          percentile: q.percentile,
          result: percentileOfBins(bins, q.percentile),
          fixes: [...bins.values()].reduce((a, b) => a + b, 0),
        })
      }),

      last: Effect.fn("Dashboards.last")(function* (id: string, field: string | undefined) {
        const machine = yield* telemetry.visibleMachine(id)
        const rows = yield* repo.last(machine.id)
        return new LastValues({
          machine: MachineId.make(machine.id),
          values: rows
            .filter((r) => field === undefined || r.field === field)
            .map((r) => ({ field: r.field, at: DateTime.unsafeMake(r.at), value: r.value })),
        })
      }),

      categories: Effect.fn("Dashboards.categories")(function* (id: string, q: CategoriesCounterQuery) {
        const machine = yield* telemetry.visibleMachine(id)
        const { from, to } = period(q)
        const answer = (
          categories: ReadonlyArray<{
            category: string
            from?: number
            to?: number
            seconds: number
            fixes: number
          }>,
        ) => {
          const whole = categories.reduce((s, c) => s + (q.resultType === "fixes" ? c.fixes : c.seconds), 0)
          return new CategoriesCounterData({
            dataType: q.dataType,
            resultType: q.resultType,
            categories: categories.map(({ seconds, fixes, ...c }) => {
              const v = q.resultType === "fixes" ? fixes : seconds
              return { ...c, result: q.resultType === "percent" ? (whole === 0 ? 0 : (100 * v) / whole) : v }
            }),
          })
        }
        if (q.dataType === "state") {
          const rows = yield* repo.states(machine.id, from, to)
          return answer(
            workStates.map((state, i) => ({
              category: state,
              seconds: rows.find((r) => r.state === i)?.seconds ?? 0,
              fixes: 0,
            })),
          )
        }
        const pieces = yield* repo.pieces(machine.id, from, to, 86400)
        if (q.dataType === "vibration") {
          const t = totals(yield* repo.items(pieces))
          return answer(
            vibrationLevels.map((level, i) => ({ category: level, seconds: t.vibration[i], fixes: 0 })),
          )
        }
        // Bands of a value: fixes from the bins; time as the band's share of the period's fixes.
        const bins = yield* repo.bins(yield* repo.pieces(machine.id, from, to, weekGrain), q.dataType)
        const t = totals(yield* repo.items(pieces))
        const secondsPerFix = t.fixes === 0 ? 0 : t.seconds / t.fixes
        return answer(
          bands(bins, q.min ?? 0, q.max ?? 0, q.step ?? 1).map((b) => ({
            category: `${b.from}–${b.to}`,
            from: b.from,
            to: b.to,
            fixes: b.n,
            seconds: b.n * secondsPerFix,
          })),
        )
      }),

      /**
       * Running totals of the machines asked that the caller sees (the others are left out, as if
       * not asked): from each one's measurement date, or its first box, until now.
       */
      computedData: Effect.fn("Dashboards.computedData")(function* (ids: ReadonlyArray<string>) {
        const now = Date.now()
        const out: Array<MachineComputedData> = []
        for (const id of new Set(ids)) {
          const machine = yield* telemetry.visibleMachine(id).pipe(
            // Not seen (404 or 403 alone): left out, never a hint.
            Effect.catchAll(() => Effect.succeed(null)),
          )
          if (machine === null) continue
          const m = yield* repo.maintenance(machine.id)
          const from = m.measuredAt ?? (yield* repo.firstAssociation(machine.id)) ?? now
          const r = yield* recorded(machine.id, from, now)
          const counter = (measured: number | null, recorded: number) => ({
            measured,
            recorded,
            total: (measured ?? 0) + recorded,
          })
          out.push(
            new MachineComputedData({
              machine: MachineId.make(machine.id),
              since: m.measuredAt === null ? null : DateTime.unsafeMake(m.measuredAt),
              engineHours: counter(m.engineHours, r.engineHours),
              workingHours: counter(m.workingHours, r.workingHours),
              km: counter(m.totalDistanceKm, r.km),
              ha: yield* repo.hectares(machine.id, from, now),
            }),
          )
        }
        return new ComputedData({ machines: out })
      }),

      dashboard: Effect.fn("Dashboards.dashboard")(function* (id: string, q: DashboardQuery) {
        const machine = yield* telemetry.visibleMachine(id)
        const { from, to } = period(q)
        const items = yield* itemsOf(machine.id, from, to, 86400)
        const t = totals(items)
        const states = yield* repo.states(machine.id, from, to)
        return new MachineDashboard({
          machine: MachineId.make(machine.id),
          startDate: q.startDate,
          endDate: q.endDate,
          fixes: t.fixes,
          seconds: t.seconds,
          movingSeconds: t.moving,
          engineSeconds: t.engine,
          distance: t.distance,
          speed: valueFigures(figures(items, "speed")),
          vibration: {
            none: t.vibration[0],
            low: t.vibration[1],
            medium: t.vibration[2],
            high: t.vibration[3],
          },
          states: workStates.map((state, i) => ({
            state,
            seconds: states.find((r) => r.state === i)?.seconds ?? 0,
          })),
          can: [...t.can.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([name, f]) => ({ name, figures: valueFigures(f) })),
        })
      }),
    }
  }),
  dependencies: [RollupsRepo.Default, Telemetry.Default],
}) {}
