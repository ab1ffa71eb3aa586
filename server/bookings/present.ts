import { DateTime, ParseResult, Schema } from "effect"
import { Booking } from "../../src/schema/booking"
import { BookingId, ClusterId, UserId } from "../../src/schema/ids"
import type { CallerAccess, StoredBooking } from "./model"
import { abilities, type Caller, holdsGrant, maySeeMachine } from "./rules"

/** The caller as the rules see them in one structure. */
export const callerIn = (access: CallerAccess, userId: string, clusterId: string): Caller => ({
  id: userId,
  member: access.rights.has(clusterId),
  rights: access.rights.get(clusterId) ?? [],
  grants: access.grants,
})

/** SPEC §6 machine visibility (rules.ts maySeeMachine) with the caller's rights in the machine's structure. */
export const seesMachine = (access: CallerAccess, m: { id: string; clusterId: string }) =>
  maySeeMachine({ rights: access.rights.get(m.clusterId) ?? [], grants: access.grants }, m.id)

/**
 * Who sees a booking: a member of its structure with seeMachines, its requester, its person, an
 * employee it books, and anyone holding a grant on a machine it books.
 */
export const seesBooking = (access: CallerAccess, userId: string, b: StoredBooking) =>
  (access.rights.get(b.clusterId)?.includes("seeMachines") ?? false) ||
  b.requestedBy.id === userId ||
  b.user.id === userId ||
  b.resources.some((r) => (r.kind === "employee" ? r.id === userId : holdsGrant(access.grants, r.id)))

const utc = (d: Date) => DateTime.unsafeMake(d)

/**
 * The checks `new Booking(fields)` makes, with the checker built once: the class constructor
 * builds its own again at every call (about 0.1 ms a booking, most of a month's list).
 */
const checked = ParseResult.validateSync(
  Schema.typeSchema(Schema.Struct(Booking.fields)).annotations({ title: "Booking (Constructor)" }),
)

/** The booking as the caller receives it, with what they may do with it now. */
export const present = (access: CallerAccess, userId: string, now: Date) => (b: StoredBooking) =>
  new Booking(
    checked({
      id: BookingId.make(b.id),
      cluster: { id: ClusterId.make(b.clusterId), name: b.clusterName },
      resources: b.resources,
      fields: b.fields,
      machine: b.resources.find((r) => r.kind === "machine") ?? null,
      user: { ...b.user, id: UserId.make(b.user.id) },
      requestedBy: { ...b.requestedBy, id: UserId.make(b.requestedBy.id) },
      start_date: utc(b.start),
      end_date: utc(b.end),
      comments: b.comments,
      location: b.location,
      geometry: b.geometry,
      productType: b.productType,
      status: b.status,
      accepted: b.status === "accepted",
      decidedBy: b.decidedBy,
      createdAt: utc(b.createdAt),
      updatedAt: utc(b.updatedAt),
      can: abilities(callerIn(access, userId, b.clusterId), facts(b), now),
    }),
    true,
  )

/** The facts the rules read of a stored booking. */
export const facts = (b: StoredBooking) => ({
  status: b.status,
  end: b.end,
  requestedBy: b.requestedBy.id,
  user: b.user.id,
  resources: b.resources,
})
