import { DateTime, Effect } from "effect"
import { UsageGroup } from "../schema/api.usage"
import type { ActivityId, FieldId, MachineId } from "../schema/ids"
import type { UsageBucket } from "../schema/usage"
import type { Locale } from "../schema/user"
import { clientOf } from "./apiClient"

const api = clientOf(UsageGroup)

/** How much, over what period (docs/usage.md): a machine's use, a field's season. */
export const machineUsage = (id: MachineId, start: string, end: string, bucket: UsageBucket, tz: string) =>
  Effect.flatMap(api, (c) =>
    c.usage.machineUsage({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end), bucket, tz },
    }),
  )

export const fieldAnalysis = (id: FieldId, start: string, end: string, tz: string) =>
  Effect.flatMap(api, (c) =>
    c.usage.fieldAnalysis({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end), tz },
    }),
  )

/** A work order of some of the machine's activities, as the PDF's bytes. */
export const workOrder = (
  id: MachineId,
  activities: ReadonlyArray<ActivityId>,
  note: string,
  lang: Locale,
  tz: string,
) => Effect.flatMap(api, (c) => c.usage.workOrder({ path: { id }, payload: { activities, note, lang, tz } }))

export const machineAnalysis = (id: MachineId, start: string, end: string, tz: string) =>
  Effect.flatMap(api, (c) =>
    c.usage.machineAnalysis({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end), tz },
    }),
  )
