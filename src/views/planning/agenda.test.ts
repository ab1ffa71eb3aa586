import "dayjs/locale/fr"
import { describe, expect, it } from "vitest"
import { aBooking } from "../../testing/planning"
import { timeRange } from "./agenda"

describe("the agenda's hours", () => {
  it("give the dates in the page's language when a booking spans days", () => {
    const b = aBooking("accepted", { start: "2026-06-02T08:00:00Z", end: "2026-06-03T10:00:00Z" })
    const range = timeRange(b, "2026-06-02", "fr")
    expect(range).toMatch(/^2 juin \d\d:00 – 3 juin \d\d:00$/)
  })
})
