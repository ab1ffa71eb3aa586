import { DateTime, Effect } from "effect"
import type { FieldId, MachineId } from "../schema/ids"
import type { UsageBucket } from "../schema/usage"
import { ApiClient } from "./apiClient"

/** How much, over what period (docs/usage.md): a machine's use, a field's season. */
export const machineUsage = (id: MachineId, start: string, end: string, bucket: UsageBucket, tz: string) =>
  Effect.flatMap(ApiClient, (c) =>
    c.usage.machineUsage({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end), bucket, tz },
    }),
  )

export const fieldAnalysis = (id: FieldId, start: string, end: string, tz: string) =>
  Effect.flatMap(ApiClient, (c) =>
    c.usage.fieldAnalysis({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end), tz },
    }),
  )
