import { DateTime } from "effect"
import { fromPromise } from "xstate"
import { bookingUseMachine, type UseAnswer, type UseAsk } from "../machines/booking/bookingUse"
import { planningMachine, type StructureData } from "../machines/booking/planning"
import { Booking, type BookingQuery, type BookingStatus } from "../schema/booking"
import type { Cluster } from "../schema/cluster"
import { Forbidden } from "../schema/errors"
import { BookingId, ClusterId, MachineId, UserId } from "../schema/ids"
import { MachineSummary } from "../schema/machine"
import { Member, UserSummary } from "../schema/membership"
import { sampleCluster } from "./clusters"

/** Sample planning data for the chart's paths and the planning screens' tests. */
export const at = (iso: string) => DateTime.unsafeMake(iso)
export const prés = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" }
export const vals = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c2"), name: "GAEC du Val" }

export const aStructure = (ref: { id: ClusterId; name: string }) =>
  sampleCluster(ref, ["seeMachines", "bookMachine"])

export const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur 1",
  cluster: prés,
})
export const sprayer = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a2"),
  name: "Pulvérisateur",
  cluster: prés,
})
const jean = new UserSummary({
  id: UserId.make("00000000-0000-4000-8000-0000000000b1"),
  email: "jean@ferme.fr",
  firstname: "Jean",
  lastname: "Dupont",
  name: null,
})
export const jeanMember = new Member({
  user: jean,
  role: "employee",
  rights: [],
  joinedAt: at("2026-01-05T08:00:00Z"),
})
export const structureData = { machines: [tractor, sprayer], members: [jeanMember] }

const person = { id: jean.id, firstname: "Jean", lastname: "Dupont", name: null }

export const aBooking = (
  status: BookingStatus,
  overrides: { id?: string; start?: string; end?: string; withJean?: boolean } = {},
) => {
  const machine = { kind: "machine" as const, id: tractor.id, name: tractor.name }
  const employee = { kind: "employee" as const, id: jean.id, name: "Jean Dupont" }
  return new Booking({
    id: BookingId.make(overrides.id ?? "00000000-0000-4000-8000-0000000000d1"),
    cluster: prés,
    resources: overrides.withJean === false ? [machine] : [machine, employee],
    fields: [],
    machine,
    user: person,
    requestedBy: person,
    start_date: at(overrides.start ?? "2026-06-02T08:00:00Z"),
    end_date: at(overrides.end ?? "2026-06-02T12:00:00Z"),
    comments: "",
    location: null,
    geometry: null,
    status,
    accepted: status === "accepted",
    decidedBy: null,
    createdAt: at("2026-06-01T08:00:00Z"),
    updatedAt: at("2026-06-01T08:00:00Z"),
    can: { accept: false, refuse: false, edit: true, cancel: true, seeUse: false },
  })
}

/**
 * The planning chart on sample data: the structures given (CUMA des Prés by default), their
 * machines and members, and the bookings `answer` gives for each query, which `asked` records.
 */
export const planningChart = (
  asked: BookingQuery[],
  answer: ReadonlyArray<Booking> | ((query: BookingQuery) => ReadonlyArray<Booking>),
  structures: ReadonlyArray<{ id: ClusterId; name: string }> = [prés],
) =>
  planningMachine.provide({
    actors: {
      loadClusters: fromPromise(async (): Promise<ReadonlyArray<Cluster>> => structures.map(aStructure)),
      loadStructure: fromPromise<StructureData, ClusterId>(async () => structureData),
      loadBookings: fromPromise<ReadonlyArray<Booking>, BookingQuery>(async ({ input }) => {
        asked.push(input)
        return typeof answer === "function" ? answer(input) : answer
      }),
    },
  })

/**
 * The reconciliation's chart answering `answer` to every ask (recorded in `asked`), or refusing
 * as the server refuses a member who accepts no machine's bookings (`forbiddenUse`).
 */
export const bookingUseChart = (answer: UseAnswer | Error, asked: UseAsk[] = []) =>
  bookingUseMachine.provide({
    actors: {
      loadUse: fromPromise<UseAnswer, UseAsk>(async ({ input }) => {
        asked.push(input)
        if (answer instanceof Error) throw answer
        return answer
      }),
    },
  })
export const forbiddenUse = bookingUseChart(Forbidden.of())
