import { describe, expect, it } from "vitest"
import type { Grant, Right } from "../../src/schema/rights"
import {
  abilities,
  type BookingFacts,
  type Caller,
  mayAccept,
  mayEditInto,
  mayManage,
  mayRequest,
  statusAfterEdit,
} from "./rules"

const now = new Date("2026-06-01T12:00:00Z")
const later = new Date("2026-06-02T12:00:00Z")
const earlier = new Date("2026-05-31T12:00:00Z")
const m1 = { kind: "machine", id: "m1" } as const
const m2 = { kind: "machine", id: "m2" } as const
const eve = { kind: "employee", id: "eve" } as const

const caller = (
  rights: ReadonlyArray<Right> = [],
  grants: Record<string, ReadonlyArray<Grant>> = {},
  id = "me",
): Caller => ({
  id,
  member: rights.length > 0,
  rights,
  grants: new Map(Object.entries(grants)),
})
const booking = (fields: Partial<BookingFacts> = {}): BookingFacts => ({
  status: "requested",
  end: later,
  requestedBy: "paul",
  user: "paul",
  resources: [m1],
  ...fields,
})
const none = { accept: false, refuse: false, edit: false, cancel: false, seeUse: false }
/** What an acceptor keeps once nothing can move: seeing the machines' use. */
const closed = { ...none, seeUse: true }

describe("booking rules", () => {
  it("books machines with bookMachine or the booking grant on each, employees with bookEmployee", () => {
    expect(mayRequest(caller(["bookMachine"]), { user: "me", resources: [m1, m2] })).toBe(true)
    expect(mayRequest(caller([], { m1: ["booking"] }), { user: "me", resources: [m1] })).toBe(true)
    expect(mayRequest(caller([], { m1: ["booking"] }), { user: "me", resources: [m1, m2] })).toBe(false)
    expect(mayRequest(caller(["bookMachine"]), { user: "me", resources: [m1, eve] })).toBe(false)
    expect(mayRequest(caller(["bookMachine", "bookEmployee"]), { user: "me", resources: [m1, eve] })).toBe(
      true,
    )
  })

  it("books for someone else only with bookEmployeeForOther", () => {
    expect(mayRequest(caller(["bookMachine"]), { user: "paul", resources: [m1] })).toBe(false)
    expect(
      mayRequest(caller(["bookMachine", "bookEmployeeForOther"]), { user: "paul", resources: [m1] }),
    ).toBe(true)
  })

  it("accepts a booking only when allowed for every resource, by right or by the acceptBookings grant", () => {
    const b = booking({ resources: [m1, eve] })
    expect(mayAccept(caller(["acceptMachineBooking"]), b)).toBe(false)
    expect(mayAccept(caller(["acceptMachineBooking", "validateEmployeeBooking"]), b)).toBe(true)
    expect(mayAccept(caller(["validateEmployeeBooking"], { m1: ["acceptBookings"] }), b)).toBe(true)
    expect(mayAccept(caller([], { m1: ["management"] }), booking())).toBe(false)
  })

  it("manages with acceptance, editEmployeeBooking for employees, or the management grant for machines", () => {
    const b = booking({ resources: [m1, eve] })
    expect(mayManage(caller(["editEmployeeBooking"], { m1: ["management"] }), b)).toBe(true)
    expect(mayManage(caller(["editEmployeeBooking"]), b)).toBe(false)
    expect(mayManage(caller(["acceptMachineBooking", "validateEmployeeBooking"]), b)).toBe(true)
  })

  it("lets acceptors decide a requested booking that has not ended", () => {
    const acceptor = caller(["acceptMachineBooking", "seeMachines"])
    expect(abilities(caller(["acceptMachineBooking"]), booking(), now).edit).toBe(false)
    expect(abilities(acceptor, booking(), now)).toEqual({
      accept: true,
      refuse: true,
      edit: true,
      cancel: true,
      seeUse: true,
    })
    expect(abilities(acceptor, booking({ status: "accepted" }), now)).toEqual({
      accept: false,
      refuse: false,
      edit: true,
      cancel: true,
      seeUse: true,
    })
    expect(abilities(acceptor, booking({ end: earlier }), now)).toEqual(closed)
    expect(abilities(acceptor, booking({ end: now }), now)).toEqual(closed)
    for (const status of ["refused", "cancelled"] as const)
      expect(abilities(acceptor, booking({ status }), now)).toEqual(closed)
  })

  it("lets the requester and the person edit and cancel, and nobody else without managing", () => {
    const mine = { accept: false, refuse: false, edit: true, cancel: true, seeUse: false }
    const booker = (id: string) => caller(["seeMachines", "bookMachine"], {}, id)
    expect(abilities(booker("paul"), booking(), now)).toEqual(mine)
    expect(abilities(booker("eve"), booking({ user: "eve" }), now)).toEqual(mine)
    expect(abilities(caller(["bookMachine", "seeMachines"]), booking(), now)).toEqual(none)
  })

  it("lets a requester edit only what they could still send: machines seen and still bookable", () => {
    const cancelOnly = { accept: false, refuse: false, edit: false, cancel: true, seeUse: false }
    expect(abilities(caller(["bookMachine"], {}, "paul"), booking(), now)).toEqual(cancelOnly)
    expect(abilities(caller(["seeMachines"], {}, "paul"), booking(), now)).toEqual(cancelOnly)
    expect(abilities(caller([], { m1: ["booking"] }, "paul"), booking(), now).edit).toBe(true)
    expect(
      abilities(caller(["seeMachines", "bookMachine"], {}, "paul"), booking({ resources: [m1, eve] }), now),
    ).toEqual(cancelOnly)
  })

  it("keeps an edited booking accepted only when the editor may accept the new content", () => {
    const acceptor = caller(["acceptMachineBooking"])
    expect(statusAfterEdit(acceptor, "accepted", { user: "paul", resources: [m1, m2] })).toBe("accepted")
    expect(statusAfterEdit(acceptor, "accepted", { user: "paul", resources: [m1, eve] })).toBe("requested")
    expect(statusAfterEdit(caller([], {}, "paul"), "accepted", { user: "paul", resources: [m1] })).toBe(
      "requested",
    )
    expect(statusAfterEdit(acceptor, "requested", { user: "paul", resources: [m1] })).toBe("requested")
  })

  it("edits into content the editor could book, keeping the booking's person, or manages", () => {
    const b = booking({ requestedBy: "anne", user: "paul" })
    const paul = caller(["bookMachine"], {}, "paul")
    expect(mayEditInto(paul, b, { user: "paul", resources: [m1, m2] })).toBe(true)
    expect(mayEditInto(paul, b, { user: "eve", resources: [m1] })).toBe(false)
    expect(mayEditInto(paul, b, { user: "paul", resources: [m1, eve] })).toBe(false)
    const manager = caller(["editEmployeeBooking"], { m1: ["management"] })
    expect(mayEditInto(manager, b, { user: "eve", resources: [m1, eve] })).toBe(true)
  })
})
