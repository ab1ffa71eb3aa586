import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type HistoryQuery, historyMachine } from "../../../machines/telemetry/history"
import { BadRequest } from "../../../schema/errors"
import { HistoryTrace } from "../../../schema/positions"
import { machineId } from "../../../testing/machines"
import { renderSignedIn } from "../../../testing/render"
import { MachineHistory } from "./MachineHistory"
import { daysPeriod, quickPeriod, todayIn } from "./period"

const zone = "Europe/Paris"
const nothing = (q: HistoryQuery) =>
  new HistoryTrace({
    machine: q.machine,
    start: DateTime.unsafeMake(q.start),
    end: DateTime.unsafeMake(q.end),
    fixes: 0,
    tolerance: 0,
    segments: [],
  })

/** The card, its trace read by `answer`; every query asked is kept. */
const show = async (answer: (q: HistoryQuery) => Promise<HistoryTrace>) => {
  const asked: Array<HistoryQuery> = []
  const chart = historyMachine.provide({
    actors: {
      loadTrace: fromPromise<HistoryTrace, HistoryQuery>(({ input }) => {
        asked.push(input)
        return answer(input)
      }),
    },
  })
  await renderSignedIn(<MachineHistory machineId={machineId} chart={chart} zone={zone} />)
  const card = await screen.findByRole("region", { name: "Historique des positions" })
  return { asked, card }
}

/** Types a day in the required day field whose label starts with `label`, then leaves it. */
const typeDay = (label: RegExp, typed: string) => {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value: typed } })
  fireEvent.blur(input)
}
const first = /^Du/
const last = /^Au \(inclus\)/

describe("a machine's position history card", () => {
  it("asks for today in the person's time zone first; a period without positions says so, without a map", async () => {
    const { asked, card } = await show(async (q) => nothing(q))
    await within(card).findByText("Aucune position sur la période")
    expect(asked).toEqual([{ machine: machineId, ...quickPeriod("today", zone) }])
    expect(within(card).getByRole("button", { name: "Aujourd'hui" }).getAttribute("aria-pressed")).toBe(
      "true",
    )
    expect(screen.queryByRole("region", { name: "Carte du trajet de la machine" })).toBeNull()
    expect(screen.queryByRole("slider")).toBeNull()
  })

  it("a quick choice asks for its days", async () => {
    const { asked, card } = await show(async (q) => nothing(q))
    await within(card).findByText("Aucune position sur la période")
    fireEvent.click(within(card).getByRole("button", { name: "7 derniers jours" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toEqual({ machine: machineId, ...quickPeriod("last7", zone) })
    expect(within(card).getByRole("button", { name: "7 derniers jours" }).getAttribute("aria-pressed")).toBe(
      "true",
    )
  })

  it("a refusal is shown translated, with a retry that asks again", async () => {
    let calls = 0
    const { asked, card } = await show(async (q) => {
      calls++
      if (calls === 1) throw BadRequest.of("outOfRange")
      return nothing(q)
    })
    const alert = await within(card).findByRole("alert")
    expect(alert.textContent).toContain("L'historique n'a pas pu être chargé")
    expect(alert.textContent).toContain("Valeur hors des limites autorisées")
    fireEvent.click(within(card).getByRole("button", { name: "Réessayer" }))
    await within(card).findByText("Aucune position sur la période")
    expect(asked).toHaveLength(2)
    expect(asked[1]).toEqual(asked[0])
  })

  it("a range of days: too long or reversed is refused on the spot, a good one asked for", async () => {
    const { asked, card } = await show(async (q) => nothing(q))
    await within(card).findByText("Aucune position sur la période")
    fireEvent.click(within(card).getByRole("button", { name: "Autres dates" }))
    typeDay(first, "01/10/2026")
    typeDay(last, "15/11/2026")
    fireEvent.click(within(card).getByRole("button", { name: "Afficher" }))
    expect((await within(card).findByRole("alert")).textContent).toBe("Une période de 31 jours au plus.")
    typeDay(last, "30/09/2026")
    fireEvent.click(within(card).getByRole("button", { name: "Afficher" }))
    await waitFor(() =>
      expect(within(card).getByRole("alert").textContent).toBe(
        "Le dernier jour ne peut pas venir avant le premier.",
      ),
    )
    expect(asked).toHaveLength(1)
    typeDay(last, "31/10/2026")
    fireEvent.click(within(card).getByRole("button", { name: "Afficher" }))
    await waitFor(() => expect(asked).toHaveLength(2))
    expect(asked[1]).toEqual({ machine: machineId, ...daysPeriod("2026-10-01", "2026-10-31", zone) })
    expect(todayIn(zone)).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})
