import { DateTime, Effect } from "effect"
import { CanbusGroup } from "../schema/api.canbus"
import type { CanConfigInput } from "../schema/canbus"
import type { MachineId } from "../schema/ids"
import type { Locale } from "../schema/user"
import { clientOf } from "./apiClient"

const api = clientOf(CanbusGroup)

const period = (start: string, end: string) => ({
  startDate: DateTime.unsafeMake(start),
  endDate: DateTime.unsafeMake(end),
})

/** CAN bus values (docs/canbus.md): a page of a machine's raw values, the same as CSV, how they read. */
export const raw = (id: MachineId, start: string, end: string, page: number) =>
  Effect.flatMap(api, (c) =>
    c.canbus.raw({ path: { id }, urlParams: { ...period(start, end), page, limit: 100 } }),
  )

export const rawCsv = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) => c.canbus.rawCsv({ path: { id }, urlParams: period(start, end) }))

/** How each of the machine's CAN values reads (labels in every language, the unit in `lang`'s). */
export const configs = (id: MachineId, lang: Locale) =>
  Effect.flatMap(api, (c) => c.canbus.configs({ path: { id }, urlParams: { lang } }))

/** How `name` reads on this machine from now on. */
export const putConfig = (id: MachineId, name: string, config: CanConfigInput, lang: Locale) =>
  Effect.flatMap(api, (c) => c.canbus.putConfig({ path: { id, name }, urlParams: { lang }, payload: config }))

/** Back to the catalogue's reading (or the name as sent). */
export const removeConfig = (id: MachineId, name: string) =>
  Effect.flatMap(api, (c) => c.canbus.removeConfig({ path: { id, name } }))
