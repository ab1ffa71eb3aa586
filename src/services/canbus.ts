import { DateTime, Effect } from "effect"
import type { MachineId } from "../schema/ids"
import { ApiClient } from "./apiClient"

const period = (start: string, end: string) => ({
  startDate: DateTime.unsafeMake(start),
  endDate: DateTime.unsafeMake(end),
})

/** CAN bus values (docs/canbus.md): a page of a machine's raw values, and the same as CSV. */
export const raw = (id: MachineId, start: string, end: string, page: number) =>
  Effect.flatMap(ApiClient, (c) =>
    c.canbus.raw({ path: { id }, urlParams: { ...period(start, end), page, limit: 100 } }),
  )

export const rawCsv = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(ApiClient, (c) => c.canbus.rawCsv({ path: { id }, urlParams: period(start, end) }))
