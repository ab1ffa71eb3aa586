import { useActorRef, useSelector } from "@xstate/react"
import { DateTime } from "effect"
import { useEffect } from "react"
import type { PlanningWindow, planningMachine } from "../../machines/booking/planning"
import type { ClusterId, MachineId, UserId } from "../../schema/ids"
import type { PlanningSearch } from "./search"

const sameList = (a: ReadonlyArray<string>, b: ReadonlyArray<string>) =>
  a.length === b.length && a.every((x, i) => x === b[i])

/**
 * Runs the planning chart for a page whose URL holds the structure and filters, and whose view
 * and date give `window`: what the URL says is sent to the chart when it differs from what the
 * chart shows (a reload starts the chart from it directly).
 */
export const usePlanning = (
  machine: typeof planningMachine,
  search: PlanningSearch,
  window: PlanningWindow,
) => {
  const machines = (search.machine ?? []) as ReadonlyArray<MachineId>
  const employees = (search.employee ?? []) as ReadonlyArray<UserId>
  const all = search.all === true
  const actor = useActorRef(machine, {
    input: { window, cluster: (search.cluster ?? null) as ClusterId | null, machines, employees, all },
  })
  const state = useSelector(actor, (s) => s)
  const from = DateTime.toEpochMillis(window.from)
  const to = DateTime.toEpochMillis(window.to)
  useEffect(() => {
    const shown = actor.getSnapshot().context.window
    if (DateTime.toEpochMillis(shown.from) !== from || DateTime.toEpochMillis(shown.to) !== to) {
      actor.send({ type: "planning.window", from: DateTime.unsafeMake(from), to: DateTime.unsafeMake(to) })
    }
  }, [actor, from, to])
  const cluster = search.cluster
  useEffect(() => {
    if (cluster !== undefined && actor.getSnapshot().context.cluster !== cluster) {
      actor.send({ type: "planning.cluster", cluster: cluster as ClusterId })
    }
  }, [actor, cluster])
  const machineKey = machines.join(",")
  const employeeKey = employees.join(",")
  useEffect(() => {
    const c = actor.getSnapshot().context
    const wanted = {
      machines: machineKey === "" ? [] : (machineKey.split(",") as MachineId[]),
      employees: employeeKey === "" ? [] : (employeeKey.split(",") as UserId[]),
      all,
    }
    if (!sameList(c.machines, wanted.machines) || !sameList(c.employees, wanted.employees) || c.all !== all) {
      actor.send({ type: "planning.filter", ...wanted })
    }
  }, [actor, machineKey, employeeKey, all])
  // Back on the tab (another person may have accepted or booked meanwhile): reload the bookings.
  useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && actor.send({ type: "planning.refresh" })
    document.addEventListener("visibilitychange", onVisible)
    return () => document.removeEventListener("visibilitychange", onVisible)
  }, [actor])
  return { actor, state }
}
