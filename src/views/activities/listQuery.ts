import type { ActivityListAsk } from "../../machines/activities/activityList"
import type { ClusterId, FieldId, FilterEntryId, MachineId, UserId } from "../../schema/ids"
import { type ActivityChoice, choicePeriod, dayRange } from "../machines/activities/period"
import type { ActivityListSearch } from "./listSearch"

/** The filters an address may carry, as the list's query names them. */
export const filterKeys = ["cluster", "machine", "field", "driver", "member", "productType"] as const

/** The quick choice or custom range an address names (the last 30 days when it names none). */
export const choiceOf = (s: ActivityListSearch): ActivityChoice =>
  s.period === "custom" && (s.from === undefined || s.to === undefined) ? "last30" : (s.period ?? "last30")

/** The list's query an address names, its days read in `zone`. */
export const queryOf = (s: ActivityListSearch, zone: string, now = Date.now()): ActivityListAsk => {
  const choice = choiceOf(s)
  const period =
    choice === "custom" && s.from !== undefined && s.to !== undefined
      ? dayRange(s.from, s.to, zone)
      : choicePeriod(choice === "custom" ? "last30" : choice, zone, now)
  return {
    ...period,
    ...(s.cluster === undefined ? {} : { cluster: s.cluster as ClusterId }),
    ...(s.machine === undefined ? {} : { machine: s.machine as MachineId }),
    ...(s.field === undefined ? {} : { field: s.field as FieldId }),
    ...(s.driver === undefined ? {} : { driver: s.driver as UserId }),
    ...(s.member === undefined ? {} : { member: s.member as UserId }),
    ...(s.productType === undefined ? {} : { productType: s.productType as FilterEntryId }),
    sort: s.sort ?? "start",
    order: s.order ?? "desc",
    page: Math.max(1, Math.floor(s.page ?? 1)),
  }
}
