import { DateTime, Effect } from "effect"
import { MaintenanceGroup } from "../schema/api.maintenance"
import type { MachineId, MaintenanceActionId, MaintenanceRuleId } from "../schema/ids"
import type { MaintenanceProfileInput, ReadableCounter } from "../schema/maintenance"
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

/** The profiles naming a structure where the caller sees machines. */
export const profiles = () => Effect.flatMap(api, (c) => c.maintenance.profiles())

/**
 * Saves a profile as its editor left it: the profile (created, or replaced with its rules), then
 * the machines unticked detached and the ones ticked attached. Each call is safe to send again.
 */
export const saveProfile = (
  profile: MaintenanceProfileInput,
  attach: ReadonlyArray<MachineId>,
  detach: ReadonlyArray<MachineId>,
) =>
  Effect.flatMap(api, (c) =>
    c.maintenance
      .putProfile({ payload: profile })
      .pipe(
        Effect.zipLeft(
          Effect.forEach(detach, (machineId) =>
            c.maintenance.detach({ path: { id: profile.id, machineId } }),
          ),
        ),
        Effect.zipLeft(
          attach.length === 0
            ? Effect.void
            : c.maintenance.attach({ path: { id: profile.id }, payload: { machines: attach } }),
        ),
      ),
  )

/** One machine's counters and rules (most urgent first) and the actions done on it (newest first). */
export const machineSheet = (machine: MachineId) =>
  Effect.flatMap(api, (c) =>
    Effect.all(
      {
        detail: c.maintenance.machineRules({ urlParams: { machine } }),
        actions: c.maintenance.actions({ urlParams: { machine } }),
      },
      { concurrency: "unbounded" },
    ),
  )

/** A counter read on the machine at `date` (ISO): its count runs from there. */
export const addReading = (r: {
  machine: MachineId
  counter: ReadableCounter
  value: number
  date: string
}) =>
  Effect.flatMap(api, (c) =>
    c.maintenance.addReading({ payload: { ...r, date: DateTime.unsafeMake(r.date) } }),
  )

/** Deletes an action recorded by mistake. */
export const removeAction = (id: MaintenanceActionId) =>
  Effect.flatMap(api, (c) => c.maintenance.removeAction({ path: { id } }))
