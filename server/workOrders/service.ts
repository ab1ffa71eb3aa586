import { Effect } from "effect"
import type { WorkOrderInput } from "../../src/schema/workOrder"
import { Activities } from "../activities/service"
import { workOrderPdf } from "./document"

/**
 * Work orders (SPEC §2 machines/{id}/work_order, docs/work-order.md): whoever sees a machine's
 * activities prints a work order of some of them. Nothing is stored: the same activities give the
 * same order (and number) the same day, with any correction made since.
 */
export class WorkOrders extends Effect.Service<WorkOrders>()("WorkOrders", {
  effect: Effect.gen(function* () {
    const activities = yield* Activities
    return {
      pdf: Effect.fn("WorkOrders.pdf")(function* (machineId: string, input: WorkOrderInput) {
        const chosen = yield* activities.chosen(machineId, input.activities)
        return yield* Effect.promise(() =>
          workOrderPdf(chosen, { lang: input.lang, zone: input.tz, note: input.note, now: new Date() }),
        )
      }),
    }
  }),
  dependencies: [Activities.Default],
}) {}
