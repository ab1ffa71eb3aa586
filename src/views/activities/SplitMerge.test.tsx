import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { aDetail, anActivity } from "../../machines/activities/samples"
import { ActivityDetail } from "../../schema/activity"
import type { ActivityId } from "../../schema/ids"
import { renderSignedIn } from "../../testing/render"
import { dayAndTime, instantOf } from "../common/dateTimeText"
import { cutInstant, SplitMerge } from "./SplitMerge"

const activity = anActivity(1, "2026-11-19T07:30:00.000Z", 3)
const before = anActivity(2, "2026-11-19T05:00:00.000Z", 2)
const detail = new ActivityDetail({
  ...aDetail(activity),
  previous: { id: before.id, start: before.start, end: before.end },
  next: null,
})
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16)

const show = async (error: "splitOutside" | null = null) => {
  const split: Array<number> = []
  const merged: Array<ActivityId> = []
  await renderSignedIn(
    <SplitMerge
      detail={detail}
      clock={clock}
      busy={false}
      error={error}
      onSplit={(at) => split.push(at)}
      onMerge={(other) => merged.push(other)}
    />,
  )
  return { split, merged }
}

describe("splitting or merging an activity on its page", () => {
  it("a time typed as a person writes it is the instant on the activity's day; an unreadable one is said and not sent", async () => {
    const { split } = await show()
    const field = await screen.findByLabelText("Heure de la coupure")
    fireEvent.change(field, { target: { value: "9h15" } })
    fireEvent.click(screen.getByRole("button", { name: "Couper l'activité" }))
    const day = dayAndTime(activity.start.epochMillis).day
    expect(split).toEqual([instantOf(day, { hours: 9, minutes: 15 })])
    fireEvent.change(field, { target: { value: "plus tard" } })
    fireEvent.click(screen.getByRole("button", { name: "Couper l'activité" }))
    expect(split).toHaveLength(1)
    expect(screen.getByText(/heure/i, { selector: ".mantine-InputWrapper-error" })).toBeTruthy()
  })

  it("offers to merge with the neighbour that exists, naming its times; a refusal is shown translated", async () => {
    const { merged } = await show("splitOutside")
    fireEvent.click(
      await screen.findByRole("button", { name: `Fusionner avec l'activité précédente (05:00 – 07:00)` }),
    )
    expect(merged).toEqual([before.id])
    expect(screen.queryByRole("button", { name: /activité suivante/ })).toBeNull()
    expect((await screen.findByRole("alert")).textContent).toContain("Choisissez une heure dans l'activité")
  })

  it("a time before the start is the next day's (work across midnight)", () => {
    const late = Date.parse("2026-11-19T22:30:00")
    expect(cutInstant(late, "00:30")).toBe(Date.parse("2026-11-20T00:30:00"))
    expect(cutInstant(late, "23:00")).toBe(Date.parse("2026-11-19T23:00:00"))
    expect(cutInstant(late, "abc")).toBeNull()
  })
})
