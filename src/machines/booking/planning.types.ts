/** The planning chart's data: its window, filters, context and the query it asks with. */
import type { DateTime } from "effect"
import type { Booking, BookingQuery } from "../../schema/booking"
import type { Cluster } from "../../schema/cluster"
import type { ClusterId, MachineId, UserId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"

export interface PlanningWindow {
  readonly from: DateTime.Utc
  readonly to: DateTime.Utc
}
export interface PlanningFilters {
  readonly machines: ReadonlyArray<MachineId>
  readonly employees: ReadonlyArray<UserId>
  /** Refused and cancelled bookings too (`all=true`); kept when the structure changes. */
  readonly all: boolean
}
export interface StructureData {
  readonly machines: ReadonlyArray<MachineSummary>
  readonly members: ReadonlyArray<Member>
}

export type PlanningEvent =
  | ({ type: "planning.window" } & PlanningWindow)
  | { type: "planning.cluster"; cluster: ClusterId }
  | ({ type: "planning.filter" } & PlanningFilters)
  | { type: "planning.retry" }
  | { type: "planning.refresh" }

export interface PlanningInput extends PlanningFilters {
  readonly window: PlanningWindow
  /** The structure asked for (the URL's); the first one when absent or not the person's. */
  readonly cluster: ClusterId | null
}

export interface PlanningContext extends PlanningInput {
  readonly clusters: ReadonlyArray<Cluster> | null
  readonly machineList: ReadonlyArray<MachineSummary>
  readonly members: ReadonlyArray<Member>
  readonly bookings: ReadonlyArray<Booking> | null
  readonly error: MessageCode | null
}

/** What `GET /booking` is asked for the window, the structure and the filters (`all` only when on). */
export const bookingQuery = (c: PlanningContext): BookingQuery => ({
  cluster: c.cluster ?? undefined,
  machine: c.machines.length > 0 ? c.machines : undefined,
  employee: c.employees.length > 0 ? c.employees : undefined,
  from: c.window.from,
  to: c.window.to,
  all: c.all ? true : undefined,
})
