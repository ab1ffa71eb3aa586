import type { PlanningContext } from "../../machines/booking/planning"

/** Where the booking form opens: one booking, or a new one over a period (and a machine, a person). */
export const openBookingHref = (id: string) => `/ActionBooking?${new URLSearchParams({ booking: id })}`

export const newBookingHref = (
  c: Pick<PlanningContext, "cluster" | "machines">,
  period?: { start: string; end: string },
  resource?: { machine?: string; employee?: string },
) => {
  const params = new URLSearchParams()
  if (period) {
    params.set("start", period.start)
    params.set("end", period.end)
  }
  if (c.cluster !== null) params.set("cluster", c.cluster)
  const machine = resource?.machine ?? (resource?.employee === undefined ? c.machines[0] : undefined)
  if (machine !== undefined) params.set("machine", machine)
  if (resource?.employee !== undefined) params.set("employee", resource.employee)
  const query = params.toString()
  return query === "" ? "/ActionBooking" : `/ActionBooking?${query}`
}
