import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderScreen, settledSession } from "../../testing/render"
import { Section } from "./Section"
import { sectionTabs } from "./sections"

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

  it("wraps the tabs onto rows on a phone, each as wide as its whole label, instead of a sideways scroll", async () => {
    const { session } = await settledSession(null)
    await renderScreen(<Section screen="machine" base="/machines/7" tabs={sectionTabs.machine} />, {
      session,
      path: "/machines/7/dashboard",
    })
    const list = screen.getByRole("tablist")
    expect(list.style.flexWrap).toBe("wrap")
    expect(list.style.overflowX).not.toBe("auto")
    for (const tab of screen.getAllByRole("tab")) expect(tab.style.flex).toBe("1 1 auto")
    expect(screen.getByRole("tab", { selected: true }).getAttribute("href")).toBe("/machines/7/dashboard")
  })
})
