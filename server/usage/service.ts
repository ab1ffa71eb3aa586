import { DateTime, Effect } from "effect"
import { activityTotals } from "../../src/schema/activityTotals"
import { NotFound } from "../../src/schema/errors"
import { FieldId } from "../../src/schema/ids"
import { CurrentUser } from "../../src/schema/middleware"
import { FieldAnalysis, type FieldAnalysisQuery, MachineUsage, type UsageQuery } from "../../src/schema/usage"
import { fieldAnalysis, memberUses, usagePoints } from "../../src/schema/usageSeries"
import { ActivitiesRepo } from "../activities/repository"
import { Activities } from "../activities/service"
import { FieldsRepo } from "../fields/repository"

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
export class Usage extends Effect.Service<Usage>()("Usage", {
  effect: Effect.gen(function* () {
    const activities = yield* Activities
    const repo = yield* ActivitiesRepo
    const fields = yield* FieldsRepo
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
  dependencies: [Activities.Default, ActivitiesRepo.Default, FieldsRepo.Default],
}) {}
