import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
import {
  answerOf,
  busy,
  calling,
  check,
  codeOf,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * SPEC §2 PlanningMain / PlanningMobile: the bookings of one of the person's structures over the
 * window shown, narrowed by the machine and employee filters, with refused and cancelled ones too
 * when the switch asks for them (`all=true`); another structure starts with no machine or employee
 * filter but keeps the switch; a failure says why and can be retried.
 */
interface Ctx {
  cluster: unknown
  window: { from: unknown; to: unknown }
  machines: ReadonlyArray<unknown>
  employees: ReadonlyArray<unknown>
  all: boolean
  machineList: unknown
  members: unknown
  bookings: unknown
  error: unknown
}
const ctx = (s: Seen) => context(s) as unknown as Ctx
const lastWindow = (s: Seen, start: { from: unknown; to: unknown }) => {
  const e = lastOf(s, "planning.window")
  return e === undefined ? start : { from: e.from, to: e.to }
}
/** The filters asked after the structure last changed (none after a change). */
const lastFilters = (s: Seen) => {
  const e = s.events.findLast((x) => x.type === "planning.filter" || x.type === "planning.cluster")
  return e?.type === "planning.filter"
    ? { machines: e.machines, employees: e.employees }
    : { machines: [], employees: [] }
}
/** The switch as the last filter event set it (as the chart started, before any). */
const lastAll = (s: Seen, start: boolean) => {
  const e = lastOf(s, "planning.filter")
  return e === undefined ? start : e.all === true
}
const nonEmpty = (list: ReadonlyArray<unknown>) => (list.length > 0 ? list : undefined)
const expectedQuery = (s: Seen) => {
  const c = ctx(s)
  const f = lastFilters(s)
  const w = lastWindow(s, c.window)
  const all = lastAll(s, c.all) ? true : undefined
  return { cluster: c.cluster, machine: nonEmpty(f.machines), employee: nonEmpty(f.employees), ...w, all }
}
const keepsWindow = check("keeps the window the view asked for last", (s) =>
  isDeepStrictEqual(ctx(s).window, lastWindow(s, ctx(s).window)),
)
const oneOfTheirs = check("shows one of the person's structures", (s) => {
  const clusters = answerOf(s, "loadClusters") as ReadonlyArray<{ id: string }> | undefined
  return clusters?.some((c) => c.id === ctx(s).cluster) === true
})
const listsAnswer = check("shows exactly the bookings the server answered last", (s) =>
  isDeepStrictEqual(ctx(s).bookings, answerOf(s, "loadBookings")),
)
const offersAnswer = check("offers the structure's machines and members as filters", (s) => {
  const data = answerOf(s, "loadStructure") as { machines: unknown; members: unknown } | undefined
  return (
    isDeepStrictEqual(ctx(s).machineList, data?.machines) && isDeepStrictEqual(ctx(s).members, data?.members)
  )
})
const showsLastRefusal = check("shows the message code the last call was refused with", (s) => {
  const refusal = s.events.findLast((e: AnyEventObject) => e.type.startsWith("xstate.error.actor."))
  return refusal !== undefined && ctx(s).error === codeOf(refusal.error)
})
const filtersCleared = check("starts the new structure with no filter and no bookings", (s) => {
  const c = ctx(s)
  return c.machines.length === 0 && c.employees.length === 0 && c.bookings === null
})
const keepsSwitch = check("keeps showing refused and cancelled bookings if they were", (s) => {
  const e = lastOf(s, "planning.filter")
  return e === undefined || ctx(s).all === (e.all === true)
})
const asked = (s: Seen) => ctx(s).cluster === lastOf(s, "planning.cluster")?.cluster

export const planningSpec: Spec = {
  states: {
    clusters: [busy, calling("loadClusters"), keepsWindow],
    clustersFailed: [notBusy, showsRefusalOf("loadClusters")],
    noCluster: [notBusy, check("has no structure to show", (s) => ctx(s).cluster === null)],
    structure: [oneOfTheirs, keepsWindow, keepsSwitch],
    "structure.loading": [busy, calling("loadStructure", (s) => ctx(s).cluster)],
    "structure.bookings": [busy, offersAnswer, calling("loadBookings", expectedQuery)],
    "structure.ready": [notBusy, offersAnswer, listsAnswer],
    "structure.failed": [notBusy, showsLastRefusal],
  },
  moves: [
    { from: "clusters", on: errorOf("loadClusters"), to: "clustersFailed" },
    { from: "clustersFailed", on: "planning.retry", to: "clusters" },
    {
      from: "clusters",
      on: doneOf("loadClusters"),
      given: ["no structure", (e) => (e.output as unknown[]).length === 0],
      to: "noCluster",
    },
    {
      from: "clusters",
      on: doneOf("loadClusters"),
      given: ["some structures", (e) => (e.output as unknown[]).length > 0],
      to: "structure.loading",
    },
    { from: "noCluster", on: "planning.refresh", to: "clusters" },
    {
      from: "structure",
      on: "planning.cluster",
      to: "structure.loading",
      after: [filtersCleared, check("shows the structure asked for", asked)],
    },
    { from: "structure.loading", on: doneOf("loadStructure"), to: "structure.bookings" },
    { from: "structure.loading", on: errorOf("loadStructure"), to: "structure.failed" },
    { from: "structure.loading", on: "planning.filter", to: "structure.loading" },
    { from: "structure.bookings", on: doneOf("loadBookings"), to: "structure.ready" },
    { from: "structure.bookings", on: errorOf("loadBookings"), to: "structure.failed" },
    { from: "structure.bookings", on: "planning.window", to: "structure.bookings" },
    { from: "structure.bookings", on: "planning.filter", to: "structure.bookings" },
    { from: "structure.ready", on: "planning.window", to: "structure.bookings" },
    { from: "structure.ready", on: "planning.filter", to: "structure.bookings" },
    { from: "structure.ready", on: "planning.refresh", to: "structure.bookings" },
    { from: "structure.failed", on: "planning.retry", to: "structure.loading" },
    { from: "structure.failed", on: "planning.filter", to: "structure.failed" },
  ],
}
