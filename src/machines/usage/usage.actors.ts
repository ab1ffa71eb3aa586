import type { FieldId, MachineId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type UsageAnswer, type UsageAsk, usageMachine } from "./usage"

/** A machine's use (its usages tab), with its call bound. */
export const liveMachineUsageMachine = usageMachine.provide({
  actors: {
    loadUsage: lazyEffect<UsageAnswer, UsageAsk>((live, ask) =>
      live.usage.machineUsage(ask.subject as MachineId, ask.start, ask.end, ask.bucket, ask.tz),
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
