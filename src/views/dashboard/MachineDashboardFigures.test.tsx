import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { type DashboardAnswer, type DashboardAsk, dashboardMachine } from "../../machines/dashboard/dashboard"
import { CanConfig, CanConfigs } from "../../schema/canbus"
import {
  CategoriesCounterData,
  LastValues,
  MachineDashboard,
  PercentileData,
  TemporalDatas,
} from "../../schema/dashboard"
import { MachineId } from "../../schema/ids"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { dashboardPeriod } from "./dashboardPeriod"
import { MachineDashboardFigures } from "./MachineDashboardFigures"

const machine = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const zone = "Europe/Paris"
const now = Date.parse("2026-11-27T14:00:00Z")
const at = (iso: string) => DateTime.unsafeMake(iso)
const none = { count: 0, avg: null, min: null, max: null, last: null }

/** A week of a tractor: 5 h 30 of engine, 42.5 km, CAN engine speed, a series of 3 points. */
const answerFor = (ask: DashboardAsk, fixes = 3960): DashboardAnswer => ({
  figures: new MachineDashboard({
    machine,
    startDate: at(ask.start),
    endDate: at(ask.end),
    fixes,
    seconds: 21_000,
    movingSeconds: 18_000,
    engineSeconds: 19_800,
    distance: 42_500,
    speed: { count: fixes, avg: 8.44, min: 0, max: 31.2, last: null },
    vibration: { none: 1200, low: 0, medium: 5000, high: 14_800 },
    states: [],
    can: [{ name: "engineSpeed", figures: { ...none, count: 3000, avg: 1650 } }],
  }),
  series: new TemporalDatas({
    machine,
    field: ask.field,
    fct: "avg",
    startDate: at(ask.start),
    endDate: at(ask.end),
    step: 3_600_000,
    resolution: "hour",
    points: [
      { at: at("2026-11-25T08:00:00Z"), value: 9, min: 0, max: 14 },
      { at: at("2026-11-25T09:00:00Z"), value: null, min: null, max: null },
      { at: at("2026-11-25T10:00:00Z"), value: 11, min: 2, max: 25 },
    ],
  }),
  states: new CategoriesCounterData({
    dataType: "state",
    resultType: "seconds",
    categories: [
      { category: "fieldWork", result: 14_400 },
      { category: "road", result: 3600 },
    ],
  }),
  bands: new CategoriesCounterData({
    dataType: "speed",
    resultType: "seconds",
    categories: [{ category: "0–5", from: 0, to: 5, result: 7200 }],
  }),
  median: new PercentileData({ dataType: "speed", value: null, percentile: 50, result: 7.25, fixes }),
  p90: new PercentileData({ dataType: "speed", value: null, percentile: 90, result: 12.4, fixes }),
  configs: new CanConfigs({
    machine,
    canEdit: false,
    configs: [
      new CanConfig({
        name: "hydraulicPressure",
        labels: {
          fr: "Pression hydraulique",
          en: "Hydraulic pressure",
          pl: "Ciśnienie",
          de: "Hydraulikdruck",
        },
        unit: "bar",
        scale: 0.1,
        offset: 0,
        chart: true,
        source: "machine",
        seen: true,
      }),
    ],
  }),
  last: new LastValues({
    machine,
    values: [
      { field: "battery", at: at("2026-11-27T13:55:00Z"), value: 87 },
      { field: "can.engineSpeed", at: at("2026-11-27T13:55:00Z"), value: 1712 },
      { field: "can.hydraulicPressure", at: at("2026-11-27T13:55:00Z"), value: 182.25 },
    ],
  }),
})

const show = async (answer: (ask: DashboardAsk) => Promise<DashboardAnswer>) => {
  const asked: Array<DashboardAsk> = []
  const chart = withActors(dashboardMachine, {
    loadDashboard: async ({ input }: { input: DashboardAsk }) => {
      asked.push(input)
      return answer(input)
    },
  })
  await renderSignedIn(
    <MachineDashboardFigures machineId={machine} chart={chart} zone={zone} now={now} width={390} />,
  )
  return asked
}

describe("a machine's dashboard figures", () => {
  it("asks for the last 7 days at a phone's width, and shows the period's figures in the person's units", async () => {
    const asked = await show(async (ask) => answerFor(ask))
    const figures = await screen.findByRole("heading", { name: "Les chiffres de la période" })
    expect(asked[0]).toEqual({ machine, ...dashboardPeriod("week", zone, now), field: "speed", points: 120 })
    const grid = figures.parentElement as HTMLElement
    const value = (label: string) => within(grid).getByText(label).nextElementSibling?.textContent
    expect(value("Moteur en marche")).toBe("5 h 30")
    expect(value("Distance parcourue")).toBe("42,5 km")
    expect(value("Vitesse médiane")).toBe("7,3 km/h")
    expect(value("9 relevés sur 10 sous")).toBe("12,4 km/h")
    expect(value("Relevés")).toBe("3\u202f960")
    // Last values: the machine's own settings (label, unit, scale), else the catalogue's names.
    const last = screen.getByRole("table", { name: "Dernières valeurs" })
    const rows = within(last)
      .getAllByRole("row")
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole("cell")
          .slice(0, 2)
          .map((c) => c.textContent),
      )
    expect(rows).toEqual([
      ["Batterie", "87 %"],
      ["Régime moteur", "1\u202f712 tr/min"],
      ["Pression hydraulique", "18,2 bar"],
    ])
  })

  it("asks again for another period, and for the series of a CAN value the boxes sent", async () => {
    const asked = await show(async (ask) => answerFor(ask))
    await screen.findByRole("heading", { name: "Les chiffres de la période" })
    fireEvent.click(screen.getByRole("radio", { name: "12 mois" }))
    expect(asked.at(-1)).toEqual({
      machine,
      ...dashboardPeriod("season", zone, now),
      field: "speed",
      points: 120,
    })
    await screen.findByRole("heading", { name: "Les chiffres de la période" })
    const input = screen.getAllByLabelText("Courbe").find((e) => e.tagName === "INPUT") as HTMLElement
    fireEvent.click(input)
    // Mantine draws its list in a portal the test's DOM never lays out (hidden to the queries).
    fireEvent.click(await screen.findByRole("option", { name: "Régime moteur", hidden: true }))
    expect(asked.at(-1)?.field).toBe("can.engineSpeed")
    expect(asked.at(-1)?.start).toBe(dashboardPeriod("season", zone, now).start)
  })

  it("says a period without readings plainly, and a failure with a retry that asks again", async () => {
    let fail = true
    const asked = await show(async (ask) => {
      if (fail) throw new Error("offline")
      return answerFor(ask, 0)
    })
    const retry = await screen.findByRole("button", { name: "Réessayer" })
    expect(screen.getByText("Le tableau de bord n'a pas pu être chargé")).toBeTruthy()
    fail = false
    fireEvent.click(retry)
    await screen.findByText("Aucun relevé des boîtiers sur la période.")
    expect(asked).toHaveLength(2)
    expect(screen.queryByRole("heading", { name: "Les chiffres de la période" })).toBeNull()
  })
})
