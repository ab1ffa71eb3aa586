import { DateTime, Effect } from "effect"
import { MaintenanceGroup } from "../schema/api.maintenance"
import type { MachineId, MaintenanceActionId, MaintenanceRuleId } from "../schema/ids"
import { clientOf } from "./apiClient"

const api = clientOf(MaintenanceGroup)

/** Maintenance (docs/maintenance.md): every rule of every machine the caller sees, most urgent first. */
export const states = () => Effect.flatMap(api, (c) => c.maintenance.states())

export interface ActionRecord {
  readonly id: MaintenanceActionId
  readonly machine: MachineId
  readonly rule: MaintenanceRuleId
  /** ISO instant. */
  readonly date: string
  readonly comment: string
  readonly costCents: number | null
}

/** Records an action done for one rule (the client's id: a retry records it once). */
export const record = (a: ActionRecord) =>
  Effect.flatMap(api, (c) =>
    c.maintenance.addAction({
      payload: {
        id: a.id,
        machine: a.machine,
        date: DateTime.unsafeMake(a.date),
        rules: [a.rule],
        readings: [],
        comment: a.comment,
        costCents: a.costCents,
        parts: "",
        doneBy: "",
      },
    }),
  )
