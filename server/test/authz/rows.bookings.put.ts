import { randomUUID } from "node:crypto"
import type { EndpointRows, Variant } from "./matrix"
import { currentWorld } from "./world"

/** The cell's world (a body hook sees no fixtures). */
export const world = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld
}

/**
 * The query hook runs first, with the target's structure: it keeps the target's objects for the
 * body hook, and names the target's machine for `GET /booking`.
 */
export let target = { machine: "", booking: "" }
export const aimAt = (c: { readonly cluster: string }) => {
  const { A, B } = world().ids
  target = c.cluster === B.cluster ? B : A
}
const remember = (c: { readonly cluster: string }): Record<string, string> => {
  aimAt(c)
  return {}
}

const day = 86_400_000
/** A future period no fixture touches: two hours on a random day of 2120 (dates stop at 2150). */
const farPeriod = () => {
  const start = Date.UTC(2120, 0, 1, 8) + Math.floor(Math.random() * 360) * day
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

/** `PUT /machines/{id}/booking`: a fresh booking of the target's machine for the actor, in 2120 (variants change it). */
export const bookingsPutRows: Record<string, EndpointRows> = {
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
}
