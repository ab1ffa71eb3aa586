import {
  activeStatuses,
  type BookingAbilities,
  type BookingStatus,
  type ResourceKind,
} from "../../src/schema/booking"
import type { Grant, Right } from "../../src/schema/rights"

/**
 * The booking rules (SPEC §6), as pure functions of who asks and what is booked. C is the
 * booking's structure: `rights` are the caller's rights in C (empty for a non-member), `grants`
 * the caller's grants per machine id.
 */
export interface Caller {
  readonly id: string
  readonly member: boolean
  readonly rights: ReadonlyArray<Right>
  readonly grants: ReadonlyMap<string, ReadonlyArray<Grant>>
}

export interface Resource {
  readonly kind: ResourceKind
  readonly id: string
}

/** What the rules need to know of a booking. */
export interface BookingFacts {
  readonly status: BookingStatus
  readonly end: Date
  readonly requestedBy: string
  readonly user: string
  readonly resources: ReadonlyArray<Resource>
}

/** What a caller asks to book: its resources and whom it is for. */
export interface Content {
  readonly user: string
  readonly resources: ReadonlyArray<Resource>
}

const has = (caller: Caller, right: Right) => caller.rights.includes(right)
const granted = (caller: Caller, machineId: string, grant: Grant) =>
  caller.grants.get(machineId)?.includes(grant) ?? false

export const mayBookMachine = (caller: Caller, machineId: string) =>
  has(caller, "bookMachine") || granted(caller, machineId, "booking")
export const mayBookEmployee = (caller: Caller) => has(caller, "bookEmployee")

const mayBookResource = (caller: Caller, r: Resource) =>
  r.kind === "machine" ? mayBookMachine(caller, r.id) : mayBookEmployee(caller)

export const mayAcceptResource = (caller: Caller, r: Resource) =>
  r.kind === "machine"
    ? has(caller, "acceptMachineBooking") || granted(caller, r.id, "acceptBookings")
    : has(caller, "validateEmployeeBooking")

export const mayAccept = (caller: Caller, b: Pick<BookingFacts, "resources">) =>
  b.resources.every((r) => mayAcceptResource(caller, r))

/**
 * May the caller see how the booking's machines were used (docs/booking-use.md)? The members who
 * accept the bookings of every machine it books (its employees do not count: use is the machines').
 */
export const maySeeUse = (caller: Caller, b: Pick<BookingFacts, "resources">) => {
  const machines = b.resources.filter((r) => r.kind === "machine")
  return machines.length > 0 && machines.every((r) => mayAcceptResource(caller, r))
}

export const mayManageResource = (caller: Caller, r: Resource) =>
  mayAcceptResource(caller, r) ||
  (r.kind === "employee" ? has(caller, "editEmployeeBooking") : granted(caller, r.id, "management"))

export const mayManage = (caller: Caller, b: Pick<BookingFacts, "resources">) =>
  b.resources.every((r) => mayManageResource(caller, r))

export const isRequester = (caller: Caller, b: Pick<BookingFacts, "requestedBy" | "user">) =>
  caller.id === b.requestedBy || caller.id === b.user

export const hasEnded = (b: Pick<BookingFacts, "end">, now: Date) => b.end.getTime() <= now.getTime()
/** Holds its resources (requested or accepted): the only statuses that move or conflict. */
export const isActive = (status: BookingStatus) => activeStatuses.includes(status)

/**
 * Holds a grant on the machine. Grants are read through the known list (src/schema/rights):
 * a stored string no version knows grants nothing (the list query counts the same way).
 */
export const holdsGrant = (grants: Caller["grants"], machineId: string) =>
  (grants.get(machineId)?.length ?? 0) > 0

/**
 * SPEC §6 machine visibility, the one rule: seeMachines in the machine's structure (`rights`
 * are the caller's rights there), or any grant on the machine.
 */
export const maySeeMachine = (caller: Pick<Caller, "rights" | "grants">, machineId: string) =>
  caller.rights.includes("seeMachines") || holdsGrant(caller.grants, machineId)

/**
 * What the caller may do with the booking now (the UI enables its buttons from it). Editing goes
 * through `PUT /machines/{id}/booking`, so it also needs what that call needs: seeing the booked
 * machines, and for a requester who manages nothing, still being allowed to book what is booked.
 */
export const abilities = (caller: Caller, b: BookingFacts, now: Date): BookingAbilities => {
  const open = !hasEnded(b, now)
  const decide = b.status === "requested" && open && mayAccept(caller, b)
  const cancel = isActive(b.status) && open && (isRequester(caller, b) || mayManage(caller, b))
  const seesMachines = b.resources.every((r) => r.kind !== "machine" || maySeeMachine(caller, r.id))
  const rebook = isRequester(caller, b) && b.resources.every((r) => mayBookResource(caller, r))
  const edit = isActive(b.status) && open && seesMachines && (mayManage(caller, b) || rebook)
  return { accept: decide, refuse: decide, edit, cancel, seeUse: maySeeUse(caller, b) }
}

/**
 * May the caller request this content? Every resource bookable by them, and the booking for
 * themselves unless they may book for another member. Non-members thus book only machines they
 * hold the booking grant on, for themselves.
 */
export const mayRequest = (caller: Caller, c: Content) =>
  c.resources.every((r) => mayBookResource(caller, r)) &&
  (c.user === caller.id || has(caller, "bookEmployeeForOther"))

/**
 * May the caller change `before` (which they may edit) into `after`? Either they could request
 * the new content themselves (keeping the booking's person counts as theirs to keep), or they
 * manage every resource of the new content.
 */
export const mayEditInto = (caller: Caller, before: BookingFacts, after: Content) =>
  mayManage(caller, after) ||
  (after.resources.every((r) => mayBookResource(caller, r)) &&
    (after.user === caller.id || after.user === before.user || has(caller, "bookEmployeeForOther")))

/** The status after an edit: an accepted booking stays accepted only when the editor may accept the new content. */
export const statusAfterEdit = (caller: Caller, before: BookingStatus, after: Content): BookingStatus =>
  before === "accepted" && mayAccept(caller, after) ? "accepted" : "requested"
