import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { type UsageAsk, usageMachine } from "../../machines/usage/usage"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { FieldAnalysis } from "./FieldAnalysis"
import { seasonsOf } from "./periods"
import { anAnalysis, field } from "./samples"

const zone = "Europe/Paris"
const now = Date.parse("2026-11-27T14:00:00Z")

const show = async (passes = 2) => {
  const asked: Array<UsageAsk> = []
  const chart = withActors(usageMachine, {
    loadUsage: async ({ input }: { input: UsageAsk }) => {
      asked.push(input)
      return anAnalysis(passes)
    },
  })
  await renderSignedIn(<FieldAnalysis field={field} chart={chart} zone={zone} now={now} />)
  return asked
}

/** The figure under a label of the season's summary. */
const figure = (label: string) => screen.getByText(label, { selector: "dt" }).nextElementSibling?.textContent

describe("a field's analyses tab", () => {
  it("asks for the current campaign, and shows the area worked against the field's, passes, machines, products", async () => {
    const asked = await show()
    await screen.findByRole("heading", { name: "Campagne 2026-2027 (sept. – août)" })
    expect(asked[0]).toEqual({
      subject: field,
      ...seasonsOf(zone, now)[0]?.period,
      bucket: "month",
      tz: zone,
    })
    expect(figure("Surface de la parcelle")).toBe("16,00 ha")
    expect(figure("Couverture")).toBe("×\u00a02,05")
    expect(figure("Passages")).toBe("2")
    const [machines, products] = screen.getAllByRole("table") as [HTMLElement, HTMLElement]
    expect(within(machines).getByRole("rowheader", { name: "Semoir" })).toBeTruthy()
    expect(within(machines).getByText("2 oct. 2026")).toBeTruthy()
    expect(
      within(products)
        .getAllByRole("rowheader")
        .map((r) => r.textContent),
    ).toEqual(["Lisier", "Non renseigné"])
  })

  it("asks for another season when one is chosen", async () => {
    const asked = await show()
    await screen.findByRole("heading", { name: "Campagne 2026-2027 (sept. – août)" })
    fireEvent.click(screen.getByLabelText("Campagne", { selector: "input:not([type=hidden])" }))
    fireEvent.click(await screen.findByRole("option", { name: "Année 2025", hidden: true }))
    expect(asked.at(-1)).toEqual({
      subject: field,
      start: "2024-12-31T23:00:00.000Z",
      end: "2025-12-31T23:00:00.000Z",
      bucket: "month",
      tz: zone,
    })
  })

  it("a season without visible work in the field says so, with the field's area still given", async () => {
    await show(0)
    expect(
      await screen.findByText("Aucune activité visible dans cette parcelle sur la campagne."),
    ).toBeTruthy()
    expect(figure("Surface de la parcelle")).toBe("16,00 ha")
    expect(figure("Couverture")).toBe("—")
    expect(screen.queryByRole("table")).toBeNull()
  })
})
