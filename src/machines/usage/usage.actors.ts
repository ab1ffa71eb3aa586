import { Effect } from "effect"
import type { FieldId, MachineId } from "../../schema/ids"
import { saveFile } from "../../services/download"
import { lazyEffect } from "../../services/lazy"
import { type UsageAnswer, type UsageAsk, usageMachine } from "./usage"
import { type WorkOrderAsk, workOrderMachine } from "./workOrder"

/** A machine's use (its usages tab), with its call bound. */
export const liveMachineUsageMachine = usageMachine.provide({
  actors: {
    loadUsage: lazyEffect<UsageAnswer, UsageAsk>((live, ask) =>
      live.usage.machineUsage(ask.subject as MachineId, ask.start, ask.end, ask.bucket, ask.tz),
    ),
  },
})

/** A machine's analyses (its analyses tab), with its call bound. */
export const liveMachineAnalysisMachine = usageMachine.provide({
  actors: {
    loadUsage: lazyEffect<UsageAnswer, UsageAsk>((live, ask) =>
      live.usage.machineAnalysis(ask.subject as MachineId, ask.start, ask.end, ask.tz),
    ),
  },
})

/** A field's season (its analyses tab), with its call bound. */
export const liveFieldAnalysisMachine = usageMachine.provide({
  actors: {
    loadUsage: lazyEffect<UsageAnswer, UsageAsk>((live, ask) =>
      live.usage.fieldAnalysis(ask.subject as FieldId, ask.start, ask.end, ask.tz),
    ),
  },
})

/** The work order with its call bound: the PDF saved as "bon-de-travail-<machine>-<day>.pdf". */
export const liveWorkOrderMachine = workOrderMachine.provide({
  actors: {
    makeWorkOrder: lazyEffect<string, WorkOrderAsk>((live, ask) => {
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: ask.zone }).format(new Date())
      const name = `bon-de-travail-${ask.machineName.replace(/[^\p{L}\p{N}]+/gu, "-")}-${day}.pdf`
      return Effect.flatMap(
        live.usage.workOrder(ask.machine, ask.activities, ask.note, ask.lang, ask.zone),
        (bytes) => Effect.as(saveFile(bytes, name, "application/pdf"), name),
      )
    }),
  },
})
