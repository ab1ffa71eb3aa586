// Size: the cases of BookingView share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { fromPromise } from "xstate"
import { bookingMachine } from "../../machines/booking/booking"
import { bookingFormMachine } from "../../machines/booking/bookingForm"
import type { BookingFormData } from "../../machines/booking/bookingForm.values"
import { type Booking, type BookingMove, type BookingStatus, Conflict, NotFound } from "../../schema"
import { Booking as BookingClass } from "../../schema/booking"
import { type BookingId, UserId } from "../../schema/ids"
import { aBooking, bookingId, slurry } from "../../testing/booking"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { ActionBookingPage } from "./ActionBookingPage"

const render = async (
  loads: ReadonlyArray<() => Promise<Booking>>,
  move: (move: BookingMove) => Promise<Booking> = async (m) =>
    aBooking(({ accept: "accepted", refuse: "refused", cancel: "cancelled" } as const)[m]),
) => {
  const moves: BookingMove[] = []
  let load = 0
  const booking = bookingMachine.provide({
    actors: {
      loadBooking: fromPromise<Booking, BookingId>(async () => {
        const next = loads[Math.min(load, loads.length - 1)] as () => Promise<Booking>
        load += 1
        return next()
      }),
      moveBooking: fromPromise<Booking, { id: BookingId; move: BookingMove }>(async ({ input }) => {
        moves.push(input.move)
        return move(input.move)
      }),
    },
  })
  const form = bookingFormMachine.provide({
    actors: { loadForm: fromPromise<BookingFormData, BookingId | null>(() => new Promise(() => {})) },
  })
  const { session } = await settledSession(aUser())
  await renderScreen(<ActionBookingPage booking={bookingId} prefill={{}} machines={{ booking, form }} />, {
    session,
    path: `/ActionBooking?booking=${bookingId}`,
  })
  return { moves }
}
const badge = (status: string) => screen.findByText(status)
const colourOf = (el: HTMLElement) => el.closest(".mantine-Badge-root")?.getAttribute("style") ?? ""
const shows =
  (status: BookingStatus, can = aBooking(status).can) =>
  async () =>
    aBooking(status, can)

/** The sample bookings run 2 June 2026, 08:00–12:00 UTC: "now" is the day before unless a test says otherwise. */
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(new Date("2026-06-01T10:00:00Z"))
})
afterEach(() => {
  vi.useRealTimers()
})

describe("an opened booking", () => {
  it("requested: red 'En attente de validation', resources in order, accepted by one click: green", async () => {
    const { moves } = await render([shows("requested")])
    const requested = await badge("En attente de validation")
    expect(colourOf(requested)).toContain("red")
    const list = screen.getByRole("list", { name: "Machines et salariés, dans l'ordre" })
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1. Tracteur 1 (Machine)", "2. Jean Dupont (Salarié)"])
    expect(screen.getByText("Demandée par Moreau Jeanne")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Accepter" }))
    const accepted = await badge("Acceptée")
    expect(colourOf(accepted)).toContain("green")
    expect(moves).toEqual(["accept"])
    expect(screen.queryByRole("button", { name: "Accepter" })).toBeNull()
  })

  it("names the fields worked with their areas and total, each opening the field's page", async () => {
    await render([shows("requested")])
    expect(await screen.findByText("Parcelles : 1 parcelle · 4,24 ha")).toBeTruthy()
    const list = screen.getByRole("list", { name: "Parcelles" })
    const link = within(list).getByRole("link", { name: "Les Grands Prés" })
    expect(link.getAttribute("href")).toBe(`/fields/${aBooking("requested").fields[0]?.id}`)
    expect(within(list).getByText("(4,24 ha)")).toBeTruthy()
  })

  it("says what is spread or sown when the booking says it", async () => {
    const said = new BookingClass({
      ...aBooking("accepted"),
      productType: { id: slurry.id, name: slurry.name },
    })
    await render([async () => said])
    expect(await screen.findByText("Produit : Lisier")).toBeTruthy()
  })

  it("refused by one click: grey, struck through, nothing left to do", async () => {
    await render([shows("requested")])
    fireEvent.click(await screen.findByRole("button", { name: "Refuser" }))
    const refused = await badge("Refusée")
    expect(colourOf(refused)).toContain("gray")
    const first = screen.getAllByRole("listitem")[0] as HTMLElement
    expect(first.getAttribute("style") ?? "").toContain("line-through")
    expect(screen.queryByRole("button", { name: /Annuler|Modifier|Accepter/ })).toBeNull()
  })

  it("cancelling asks first; keeping it sends nothing, confirming cancels it", async () => {
    const { moves } = await render([shows("accepted")])
    fireEvent.click(await screen.findByRole("button", { name: "Annuler la réservation" }))
    let dialog = await screen.findByRole("dialog", { name: "Annuler cette réservation ?" })
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Garder" })[1] as HTMLElement)
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(moves).toEqual([])
    fireEvent.click(screen.getByRole("button", { name: "Annuler la réservation" }))
    dialog = await screen.findByRole("dialog", { name: "Annuler cette réservation ?" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler la réservation" }))
    expect(await badge("Annulée")).toBeTruthy()
    expect(moves).toEqual(["cancel"])
  })

  it("a move refused (it was decided meanwhile) says why and shows the booking as it is now", async () => {
    await render([shows("requested"), shows("accepted")], () =>
      Promise.reject(Conflict.of("bookingNotRequested")),
    )
    fireEvent.click(await screen.findByRole("button", { name: "Refuser" }))
    expect(await screen.findByText("Cette réservation n'est plus en attente de validation")).toBeTruthy()
    expect(await badge("Acceptée")).toBeTruthy()
  })

  it("a booking the person may not see is not found", async () => {
    await render([() => Promise.reject(NotFound.of())])
    expect(await screen.findByText("Cette réservation n'existe pas ou vous n'y avez pas accès.")).toBeTruthy()
  })
})

const someone = {
  id: UserId.make("00000000-0000-4000-8000-0000000000b9"),
  firstname: "Luc",
  lastname: "Bernard",
  name: null,
}
const readOnly = { accept: false, refuse: false, edit: false, cancel: false, seeUse: false }
/** A booking as another member asked it (the caller neither asked it nor is it for them). */
const othersBooking =
  (status: BookingStatus, change: Partial<Booking> = {}) =>
  async () =>
    new BookingClass({ ...aBooking(status, readOnly), requestedBy: someone, user: someone, ...change })
const hints = () => screen.queryAllByText("Droit requis", { exact: false }).map((n) => n.textContent)

describe("why an opened booking offers no decision", () => {
  it("its requester, who may not accept it: waiting for a manager, no missing right named", async () => {
    await render([shows("requested", { ...readOnly, edit: true, cancel: true })])
    expect(
      await screen.findByText("En attente de validation par un responsable de la structure."),
    ).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Accepter" })).toBeNull()
    expect(screen.getByRole("button", { name: "Modifier" })).toBeTruthy()
    expect(hints()).toEqual([])
  })

  it("the person it is for (asked by someone else): waiting for a manager too", async () => {
    const me = { id: aUser().id, firstname: "Jeanne", lastname: "Moreau", name: null }
    await render([othersBooking("requested", { user: me })])
    expect(
      await screen.findByText("En attente de validation par un responsable de la structure."),
    ).toBeTruthy()
    expect(hints()).toEqual([])
  })

  it("another member who may not accept it: only the rights its resources call for", async () => {
    await render([othersBooking("requested")])
    expect(await badge("En attente de validation")).toBeTruthy()
    expect(hints()).toEqual([
      "Droit requis : Accepter les réservations de machines",
      "Droit requis : Valider les réservations de salariés",
    ])
    expect(screen.queryByText("En attente de validation par un responsable", { exact: false })).toBeNull()
    expect(screen.queryByRole("button", { name: "Accepter" })).toBeNull()
  })

  it("another member, a booking of machines only: the machine right alone", async () => {
    const only = aBooking("requested").resources.filter((r) => r.kind === "machine")
    await render([othersBooking("requested", { resources: only })])
    expect(await badge("En attente de validation")).toBeTruthy()
    expect(hints()).toEqual(["Droit requis : Accepter les réservations de machines"])
  })

  it("ended while requested, for a manager holding every right: says it is over, no right named, no move", async () => {
    vi.setSystemTime(new Date("2026-06-02T12:00:00Z"))
    await render([othersBooking("requested")])
    expect(
      await screen.findByText("Terminée sans avoir été validée : cette réservation ne peut plus changer."),
    ).toBeTruthy()
    expect(hints()).toEqual([])
    expect(screen.queryByRole("button", { name: /Accepter|Refuser|Modifier|Annuler/ })).toBeNull()
  })

  it("ended once accepted: says it can no longer change", async () => {
    vi.setSystemTime(new Date("2026-06-03T08:00:00Z"))
    await render([shows("accepted", readOnly)])
    expect(await screen.findByText("Terminée : cette réservation ne peut plus changer.")).toBeTruthy()
  })

  it("not ended: no such word, even a minute before its end", async () => {
    vi.setSystemTime(new Date("2026-06-02T11:59:00Z"))
    await render([shows("accepted")])
    expect(await badge("Acceptée")).toBeTruthy()
    expect(screen.queryByText("Terminée", { exact: false })).toBeNull()
  })
})

describe("who decided, said by what they did", () => {
  it.each([
    ["accepted", "Acceptée par Martin Paul"],
    ["refused", "Refusée par Martin Paul"],
    ["cancelled", "Annulée par Martin Paul"],
  ] as const)("%s: %s", async (status, line) => {
    const decidedBy = { firstname: "Paul", lastname: "Martin", name: null }
    await render([async () => new BookingClass({ ...aBooking(status), decidedBy })])
    expect(await screen.findByText(line)).toBeTruthy()
    expect(screen.queryByText("Décision", { exact: false })).toBeNull()
  })
})

describe("the page's title", () => {
  it("one title: Réservation when opened, Modifier la réservation alone while editing", async () => {
    await render([shows("requested")])
    await badge("En attente de validation")
    expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual(["Réservation"])
    fireEvent.click(screen.getByRole("button", { name: "Modifier" }))
    await waitFor(() =>
      expect(screen.getAllByRole("heading").map((h) => h.textContent)).toEqual(["Modifier la réservation"]),
    )
  })
})
