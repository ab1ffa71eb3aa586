import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { type ActivityListAsk, activityListMachine } from "../../machines/activities/activityList"
import { aList, anActivity } from "../../machines/activities/samples"
import { FieldId } from "../../schema/ids"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { choicePeriod } from "../machines/activities/period"
import { FieldActivities } from "./FieldActivities"

const field = FieldId.make("00000000-0000-4000-8000-0000000000b1")
const zone = "Europe/Paris"

const show = async (answer: (q: ActivityListAsk) => ReturnType<typeof aList>) => {
  const asked: Array<ActivityListAsk> = []
  const chart = withActors(activityListMachine, {
    loadList: async ({ input }: { input: ActivityListAsk }) => {
      asked.push(input)
      return answer(input)
    },
    loadChoices: async () => ({ structures: [], machines: [], fields: [], people: [], productTypes: [] }),
  })
  await renderSignedIn(<FieldActivities field={field} chart={chart} zone={zone} />)
  return asked
}

describe("a field's activities tab", () => {
  it("asks for this field's activities over the last 30 days, with their totals, and again for another period", async () => {
    const asked = await show(() =>
      aList([anActivity(1, "2026-11-19T07:30:00.000Z", 3), anActivity(2, "2026-11-18T13:00:00.000Z", 2)]),
    )
    await screen.findByRole("heading", { name: "Sur la période" })
    expect(asked[0]).toEqual({
      ...choicePeriod("last30", zone),
      field,
      page: 1,
      sort: "start",
      order: "desc",
    })
    expect(screen.getAllByText("Tracteur 1").length).toBeGreaterThan(0)
    fireEvent.click(screen.getByRole("button", { name: "7 derniers jours" }))
    expect(asked.at(-1)).toEqual({
      ...choicePeriod("last7", zone),
      field,
      page: 1,
      sort: "start",
      order: "desc",
    })
    const link = screen.getByRole("link", { name: /Voir dans Activités/ })
    expect(link.getAttribute("href")).toBe(`/Activitys?field=${field}`)
  })

  it("a period without work in the field says so", async () => {
    await show(() => aList([]))
    expect((await screen.findByRole("status")).textContent).toBe(
      "Aucune activité vue sur cette parcelle pendant cette période.",
    )
    expect(within(document.body).queryByRole("heading", { name: "Sur la période" })).toBeNull()
  })
})
