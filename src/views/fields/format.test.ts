import { describe, expect, it } from "vitest"
import { formatArea, formatDay } from "./format"

describe("areas as a farmer reads them", () => {
  it("prints two decimals, in the reader's language", () => {
    expect(formatArea(12.3456, "fr")).toBe("12,35")
    expect(formatArea(1234.5, "en")).toBe("1,234.50")
    expect(formatArea(3, "de")).toBe("3,00")
  })

  it("keeps the figure of a tiny parcel: 45 m² is 0,0045 ha", () => {
    expect(formatArea(0.0045, "fr")).toBe("0,0045")
    expect(formatArea(0.00452, "en")).toBe("0.0045")
    expect(formatArea(0.03, "fr")).toBe("0,03")
  })

  it("prints an ownership's first day in the reader's language, whatever their time zone", () => {
    expect(formatDay("2019-09-01", "fr")).toBe("1 septembre 2019")
    expect(formatDay("2019-09-01", "en")).toBe("September 1, 2019")
  })
})
