import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { renderScreen, settledSession } from "../../testing/render"
import { Section } from "./Section"
import { sectionTabs } from "./sections"

afterEach(() => vi.restoreAllMocks())

describe("section with sub-screens", () => {
  it("links every sub-screen, marks the open one, including the section's own page", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<Section screen="cluster" base="/clusters/5" tabs={sectionTabs.cluster} />, {
      session,
      path: "/clusters/5",
    })
    expect(screen.getByRole("heading", { level: 1, name: "Structure" })).toBeTruthy()
    const tabs = screen.getAllByRole("tab")
    expect(tabs.map((tab) => tab.getAttribute("href"))).toEqual([
      "/clusters/5",
      "/clusters/5/ClustersMachines",
      "/clusters/5/ClusterUsers",
      "/clusters/5/ClustersRights",
    ])
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["true", "false", "false", "false"])
  })

  it("brings the open tab into view (the tab row scrolls sideways on a phone)", async () => {
    const scrolled: Array<string | null> = []
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this.getAttribute("href"))
    })
    const { session } = await settledSession(null)
    await renderScreen(<Section screen="machine" base="/machines/7" tabs={sectionTabs.machine} />, {
      session,
      path: "/machines/7/dashboard",
    })
    expect(scrolled).toEqual(["/machines/7/dashboard"])
  })
})
