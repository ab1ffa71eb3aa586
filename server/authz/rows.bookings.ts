import { randomUUID } from "node:crypto"
import type { EndpointRows, Variant } from "./matrix"
import { currentWorld } from "./world"

/** The cell's world (a body hook sees no fixtures). */
const world = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld
}

/**
 * The query hook runs first, with the target's structure: it keeps the target's objects for the
 * body hook, and names the target's machine for `GET /booking`.
 */
let target = { machine: "", booking: "" }
const aimAt = (c: { readonly cluster: string }) => {
  const { A, B } = world().ids
  target = c.cluster === B.cluster ? B : A
}
const remember = (c: { readonly cluster: string }): Record<string, string> => {
  aimAt(c)
  return {}
}

const day = 86_400_000
/** A future period no fixture touches: two hours on a random day of 2160. */
const farPeriod = () => {
  const start = Date.UTC(2160, 0, 1, 8) + Math.floor(Math.random() * 360) * day
  return {
    start_date: new Date(start).toISOString(),
    end_date: new Date(start + 2 * 3_600_000).toISOString(),
  }
}
/** Overlaps the fixture booking (tomorrow, two hours from now + 1 day). */
const overlapping = () => ({
  start_date: new Date(Date.now() + day + 3_600_000).toISOString(),
  end_date: new Date(Date.now() + day + 4 * 3_600_000).toISOString(),
})

const booking = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  resources: [{ kind: "machine", id: target.machine }],
  user: world().actor.id ?? randomUUID(),
  ...farPeriod(),
  ...over,
})

const putVariants: Record<string, Variant> = {
  overlap: { body: () => booking(overlapping()) },
  past: {
    body: () => booking({ start_date: "2020-01-01T08:00:00Z", end_date: "2020-01-01T10:00:00Z" }),
  },
  forBob: { body: () => booking({ user: world().ids.A.bob }) },
  forBobRight: {
    holds: ["seeMachines", "bookMachine", "bookEmployeeForOther"],
    body: () => booking({ user: world().ids.A.bob }),
  },
  forGuest: { body: () => booking({ user: world().guest }) },
  withEmployee: {
    body: () =>
      booking({
        resources: [
          { kind: "machine", id: target.machine },
          { kind: "employee", id: world().ids.A.bob },
        ],
      }),
  },
  withEmployeeRight: {
    holds: ["seeMachines", "bookMachine", "bookEmployee"],
    body: () =>
      booking({
        resources: [
          { kind: "machine", id: target.machine },
          { kind: "employee", id: world().ids.A.bob },
        ],
      }),
  },
  otherMachine: {
    body: () =>
      booking({
        resources: [
          { kind: "machine", id: target.machine },
          { kind: "machine", id: world().ids.B.machine },
        ],
      }),
  },
  mismatch: { body: () => booking({ resources: [{ kind: "machine", id: world().ids.B.machine }] }) },
  employeeOnly: { body: () => booking({ resources: [{ kind: "employee", id: world().ids.A.bob }] }) },
  /** Edits Bob's requested booking (same id, another period). */
  editOthers: { body: () => booking({ id: target.booking }) },
  editOthersAcceptor: {
    holds: ["seeMachines", "bookMachine", "acceptMachineBooking"],
    body: () => booking({ id: target.booking }),
  },
  editMine: { booking: { by: "actor" }, body: () => booking({ id: target.booking }) },
  editClosed: {
    holds: ["seeMachines", "bookMachine", "acceptMachineBooking"],
    booking: { status: "cancelled" },
    body: () => booking({ id: target.booking }),
  },
}

/** accept and refuse: the same rows. */
const decision = (): EndpointRows => ({
  id: "booking",
  holds: ["seeMachines", "acceptMachineBooking"],
  lacks: "acceptMachineBooking",
  variants: {
    mine: { booking: { by: "actor" } },
    accepted: { booking: { status: "accepted" } },
    cancelled: { booking: { status: "cancelled" } },
    ended: { booking: { ended: true } },
    acceptGrant: { grants: ["acceptBookings"] },
    withEmployee: { booking: { employee: true } },
    withEmployeeRight: {
      holds: ["seeMachines", "acceptMachineBooking", "validateEmployeeBooking"],
      booking: { employee: true },
    },
  },
  cells: `
    anonymous  A  401
    outsider   A  404
    lacking    A  403 forbidden
    self       A  404
    self       A  403 forbidden @mine
    holder     A  200
    holder     B  404
    holder     A  409 bookingNotRequested @accepted
    holder     A  409 bookingNotRequested @cancelled
    holder     A  409 bookingEnded @ended
    holder     A  403 forbidden @withEmployee
    holder     A  200 @withEmployeeRight
    grantee    A  403 forbidden
    grantee    A  200 @acceptGrant
    grantee    B  404
    admin      A  404`,
})

/**
 * Bookings. A machine is seen with seeMachines in its structure or any grant on it (SPEC §6):
 * naming one the caller does not see (path or `?machine=`) answers 404, even to a member without
 * seeMachines who requested the booking. Fixtures: each structure's machine has a requested booking for Bob, by Bob, tomorrow
 * for two hours (`Variant.booking` changes A's). New bookings go to a random day of 2160.
 */
export const bookingsRows: Record<string, EndpointRows> = {
  "bookings.list": {
    // No `:id` in the path: `machine` marks the call as aimed at a structure, whose machine the query names.
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: (c): Record<string, string> => {
      aimAt(c)
      return c.cluster ? { machine: target.machine } : {}
    },
    variants: { mine: { booking: { by: "actor" } } },
    shows: { id: "booking", to: ["holder", "grantee", "self"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404 @mine
      self       -  200 @mine
      holder     A  200
      holder     -  200
      grantee    -  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`,
  },
  "bookings.get": {
    id: "booking",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    variants: { mine: { booking: { by: "actor" } } },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404
      self       A  200 @mine
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`,
  },
  "bookings.put": {
    id: "machine",
    holds: ["seeMachines", "bookMachine"],
    lacks: "bookMachine",
    query: remember,
    body: () => booking(),
    variants: putVariants,
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  404
      holder     A  200
      holder     B  404
      holder     A  409 resourceUnavailable @overlap
      holder     A  400 bookingInPast @past
      holder     A  403 forbidden @forBob
      holder     A  200 @forBobRight
      holder     A  400 userRequired @forGuest
      holder     A  400 machineRequired @employeeOnly
      holder     A  400 selectionUnknown @otherMachine
      holder     A  400 bookingMachineMismatch @mismatch
      holder     A  403 forbidden @withEmployee
      holder     A  200 @withEmployeeRight
      grantee    A  403 forbidden @withEmployee
      holder     A  403 forbidden @editOthers
      holder     A  200 @editOthersAcceptor
      holder     A  409 bookingClosed @editClosed
      holder     A  200 @editMine
      self       A  404 @editMine
      grantee    A  200
      grantee    A  403 forbidden @forBob
      grantee    B  404
      admin      A  404`,
  },
  "bookings.accept": decision(),
  "bookings.refuse": decision(),
  "bookings.cancel": {
    id: "booking",
    holds: ["seeMachines", "acceptMachineBooking"],
    lacks: "acceptMachineBooking",
    variants: {
      mine: { booking: { by: "actor" } },
      accepted: { booking: { status: "accepted" } },
      refused: { booking: { status: "refused" } },
      ended: { booking: { ended: true } },
      bookingGrant: { grants: ["booking"] },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  404
      self       A  200 @mine
      holder     A  200
      holder     A  200 @accepted
      holder     B  404
      holder     A  409 bookingClosed @refused
      holder     A  409 bookingEnded @ended
      grantee    A  200
      grantee    A  403 forbidden @bookingGrant
      grantee    B  404
      admin      A  404`,
  },
}
