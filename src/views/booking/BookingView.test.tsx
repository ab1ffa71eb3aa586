import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { bookingMachine } from "../../machines/booking"
import { type Booking, type BookingMove, type BookingStatus, Conflict, NotFound } from "../../schema"
import type { BookingId } from "../../schema/ids"
import { aUser, renderScreen, settledSession } from "../test-utils"
import { ActionBookingPage } from "./ActionBookingPage"
import { aBooking, bookingId } from "./testData"

const none = { accept: false, refuse: false, edit: false, cancel: false }

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
  const { session } = await settledSession(aUser())
  await renderScreen(<ActionBookingPage booking={bookingId} prefill={{}} machines={{ booking }} />, {
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

  it("without the right to accept: no Accepter, the missing rights named", async () => {
    await render([shows("requested", { ...none, edit: true, cancel: true })])
    expect(await badge("En attente de validation")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Accepter" })).toBeNull()
    expect(screen.getByRole("button", { name: "Modifier" })).toBeTruthy()
    expect(
      screen.getByText("Droit requis : Accepter les réservations de machines", { exact: false }),
    ).toBeTruthy()
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
