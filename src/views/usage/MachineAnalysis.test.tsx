import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { type UsageAnswer, type UsageAsk, usageMachine } from "../../machines/usage/usage"
import { activityTotals } from "../../schema/activityTotals"
import { ClusterId, FieldId, MachineId } from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import { MachineAnalysis as Analysis } from "../../schema/usage"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { MachineAnalysis } from "./MachineAnalysis"
import { seasonsOf } from "./periods"
import { totalsOf } from "./samples"

const zone = "Europe/Paris"
const now = Date.parse("2026-11-27T14:00:00Z")
const cluster = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA" }
const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur",
  cluster,
})
const other = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a3"),
  name: "Tracteur 2",
  cluster,
})

/** Three activities (6 h) with 7 h 30 of engine; nothing the year before; a peer with one hour. */
const anAnalysis = () =>
  new Analysis({
    machine: tractor,
    current: { totals: totalsOf(3, 2, 1), engineSeconds: 27_000, utilisation: 0.8, litresPerKm: 0.42 },
    previous: { totals: activityTotals([]), engineSeconds: 0, utilisation: null, litresPerKm: null },
    fields: [
      {
        field: { id: FieldId.make("00000000-0000-4000-8000-0000000000b1"), name: "Les Longues Raies" },
        workSeconds: 7200,
        areaHa: 5.5,
        haPerHour: 2.75,
      },
    ],
    peers: [
      {
        machine: other,
        figures: { totals: totalsOf(1), engineSeconds: 0, utilisation: null, litresPerKm: null },
      },
    ],
  })

const show = async (hasCategory = true) => {
  const asked: Array<UsageAsk> = []
  const chart = withActors(usageMachine, {
    loadUsage: async ({ input }: { input: UsageAsk }): Promise<UsageAnswer> => {
      asked.push(input)
      return anAnalysis()
    },
  })
  await renderSignedIn(
    <MachineAnalysis machineId={tractor.id} hasCategory={hasCategory} chart={chart} zone={zone} now={now} />,
  )
  return asked
}

const cells = (table: HTMLElement, row: string) =>
  within(within(table).getByRole("rowheader", { name: row }).closest("tr") as HTMLElement)
    .getAllByRole("cell")
    .map((c) => c.textContent)

describe("a machine's analyses tab", () => {
  it("asks for the current campaign and sets it against the year before, per field and against its peers", async () => {
    const asked = await show()
    const season = seasonsOf(zone, now)[0]
    const table = await screen.findByRole("table", { name: "Campagne 2026-2027 (sept. – août)" })
    expect(asked[0]).toMatchObject({ subject: tractor.id, ...season?.period, tz: zone })
    expect(cells(table, "Heures moteur")).toEqual(["7 h 30", "0 min"])
    // A ratio with nothing to divide is unknown, never 0 %.
    expect(cells(table, "Utilisation")).toEqual(["80 %", "—"])
    expect(cells(table, "L/km")).toEqual(["0,42", "—"])
    const fields = screen.getByRole("table", { name: "Par parcelle" })
    expect(cells(fields, "Les Longues Raies")).toEqual(["2 h 00", "5,50 ha", "2,75"])
    const peers = screen.getByRole("table", { name: "Face aux machines de la même catégorie" })
    expect(
      within(peers)
        .getAllByRole("rowheader")
        .map((r) => r.textContent),
    ).toEqual(["Tracteur", "Tracteur 2"])
  })

  it("says that a machine without a category has no one to be compared with", async () => {
    await show(false)
    expect(
      await screen.findByText("Donnez une catégorie à la machine pour la comparer aux autres."),
    ).toBeTruthy()
    expect(screen.queryByRole("table", { name: "Face aux machines de la même catégorie" })).toBeNull()
  })
})
