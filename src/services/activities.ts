import { DateTime, Effect } from "effect"
import type { ActivityEdit } from "../schema/activity"
import type { ActivityId, MachineId } from "../schema/ids"
import { ApiClient } from "./apiClient"

/** A machine's activities and a person's correction of one (SPEC §2 machines/{id}/activities). */
const api = ApiClient

export const machineActivities = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) =>
    c.activities.machineActivities({
      path: { id },
      urlParams: { start_date: DateTime.unsafeMake(start), end_date: DateTime.unsafeMake(end) },
    }),
  )

export const editActivity = (id: ActivityId, edit: typeof ActivityEdit.Type) =>
  Effect.flatMap(api, (c) => c.activities.editActivity({ path: { id }, payload: edit }))

/** The catalogue's product types (filter entries of type productType). */
export const productTypes = Effect.flatMap(api, (c) => c.properties.filterEntries()).pipe(
  Effect.map((entries) =>
    entries.filter((e) => e.type === "productType").map((e) => ({ id: e.id, name: e.name })),
  ),
)
