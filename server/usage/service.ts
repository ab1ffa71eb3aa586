import { DateTime, Effect } from "effect"
import type { Activity } from "../../src/schema/activity"
import { activityTotals } from "../../src/schema/activityTotals"
import { NotFound } from "../../src/schema/errors"
import { ClusterId, FieldId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { CurrentUser } from "../../src/schema/middleware"
import { totals } from "../../src/schema/rollups"
import {
  type AnalysisFigures,
  FieldAnalysis,
  type FieldAnalysisQuery,
  MachineAnalysis,
  MachineUsage,
  type UsageQuery,
} from "../../src/schema/usage"
import { fieldAnalysis, memberUses, usagePoints } from "../../src/schema/usageSeries"
import { ActivitiesRepo } from "../activities/repository"
import { Activities } from "../activities/service"
import { FieldsRepo } from "../fields/repository"
import { RollupsRepo } from "../rollups/repository"

const periodOf = (q: { readonly start_date: DateTime.Utc; readonly end_date: DateTime.Utc }) => ({
  start: DateTime.toEpochMillis(q.start_date),
  end: DateTime.toEpochMillis(q.end_date),
})

/**
 * How much, over what period (docs/usage.md): a machine's hours, hectares, kilometres and litres
 * by day, week or month, and a field's season. Both read the activities the caller may see, as the
 * list of activities does, and sum them with the list's own totals (src/schema/usageSeries.ts):
 * the bars of a machine's month add up to the list's totals for that machine and month.
 */
/** The fields a machine's activities worked: field work and area in each, most worked first. */
const fieldShares = (list: ReadonlyArray<Activity>) => {
  const byField = new Map<string, { id: FieldId; name: string; workSeconds: number; areaHa: number | null }>()
  for (const a of list)
    for (const f of a.fields) {
      const held = byField.get(f.id) ?? { id: f.id, name: f.name, workSeconds: 0, areaHa: null }
      byField.set(f.id, {
        ...held,
        workSeconds: held.workSeconds + f.workSeconds,
        areaHa: f.areaHa === null ? held.areaHa : (held.areaHa ?? 0) + f.areaHa,
      })
    }
  return [...byField.values()]
    .sort((a, b) => b.workSeconds - a.workSeconds)
    .map(({ id, name, workSeconds, areaHa }) => ({
      field: { id, name },
      workSeconds,
      areaHa,
      haPerHour: areaHa === null || workSeconds === 0 ? null : areaHa / (workSeconds / 3600),
    }))
}

export class Usage extends Effect.Service<Usage>()("Usage", {
  effect: Effect.gen(function* () {
    const activities = yield* Activities
    const repo = yield* ActivitiesRepo
    const fields = yield* FieldsRepo
    const rollups = yield* RollupsRepo
    /** A period's figures: the activities' totals with the engine's time from the rollups. */
    const figuresOf = (
      machineId: string,
      list: ReadonlyArray<Activity>,
      period: { start: number; end: number },
    ) =>
      Effect.gen(function* () {
        const pieces = yield* rollups.pieces(machineId, period.start, period.end, 86400)
        const engineSeconds = totals(yield* rollups.items(pieces)).engine
        const t = activityTotals(list)
        const km = t.workDistanceKm + t.roadDistanceKm
        return {
          totals: t,
          engineSeconds,
          utilisation: engineSeconds === 0 ? null : Math.min(1, t.workSeconds / engineSeconds),
          litresPerKm: t.fuelLitres === null || km === 0 ? null : t.fuelLitres / km,
        } satisfies AnalysisFigures
      })
    return {
      /** Whoever sees the machine (its activities tab) sees its use. */
      machine: Effect.fn("Usage.machine")(function* (machineId: string, q: UsageQuery) {
        const list = yield* activities.ofMachine(machineId, q)
        return new MachineUsage({
          bucket: q.bucket,
          points: usagePoints(list, periodOf(q), q.bucket, q.tz),
          members: memberUses(list),
          totals: activityTotals(list),
        })
      }),
      /**
       * A machine's analyses (docs/usage.md#a-machines-analyses): whoever sees the machine; its
       * peers are the machines of its structure and category the caller sees too.
       */
      analysis: Effect.fn("Usage.analysis")(function* (machineId: string, q: FieldAnalysisQuery) {
        const list = yield* activities.ofMachine(machineId, q)
        const info = yield* rollups.machineInfo(machineId)
        if (info === null) return yield* Effect.fail(NotFound.of())
        const yearBefore = {
          start_date: DateTime.subtract(q.start_date, { years: 1 }),
          end_date: DateTime.subtract(q.end_date, { years: 1 }),
        }
        const summary = (m: { id: string; name: string; cluster_id: string; cluster_name: string }) =>
          new MachineSummary({
            id: MachineId.make(m.id),
            name: m.name,
            cluster: { id: ClusterId.make(m.cluster_id), name: m.cluster_name },
          })
        const peers: Array<{ machine: MachineSummary; figures: AnalysisFigures }> = []
        if (info.category_id !== null)
          for (const id of yield* rollups.peers(info.cluster_id, info.category_id, info.id)) {
            const theirs = yield* activities
              .ofMachine(id, q)
              .pipe(Effect.catchAll(() => Effect.succeed(null)))
            const peer = theirs === null ? null : yield* rollups.machineInfo(id)
            if (theirs !== null && peer !== null)
              peers.push({ machine: summary(peer), figures: yield* figuresOf(id, theirs, periodOf(q)) })
          }
        return new MachineAnalysis({
          machine: summary(info),
          current: yield* figuresOf(info.id, list, periodOf(q)),
          previous: yield* figuresOf(
            info.id,
            yield* activities.ofMachine(machineId, yearBefore),
            periodOf(yearBefore),
          ),
          fields: fieldShares(list),
          peers,
        })
      }),
      /** Whoever sees the field sees its season, made of the activities they may see in it. */
      field: Effect.fn("Usage.field")(function* (fieldId: string, q: FieldAnalysisQuery) {
        const { id: me } = yield* CurrentUser
        const row = yield* fields.get(me, fieldId)
        if (!row) return yield* Effect.fail(NotFound.of())
        const id = FieldId.make(row.id)
        const list = yield* repo.visible(me, {
          start_date: q.start_date,
          end_date: q.end_date,
          field: id,
          sort: "start",
          order: "desc",
        })
        const field = { id, name: row.name, areaHa: row.area_ha }
        return new FieldAnalysis({ field, ...fieldAnalysis(field, list, periodOf(q), q.tz) })
      }),
    }
  }),
  dependencies: [Activities.Default, ActivitiesRepo.Default, FieldsRepo.Default, RollupsRepo.Default],
}) {}
