import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { type UsageAnswer, type UsageAsk, usageMachine } from "../../machines/usage/usage"
import { MachineId } from "../../schema/ids"
import { MachineUsage as Usage } from "../../schema/usage"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { MachineUsage } from "./MachineUsage"
import { usagePeriod } from "./periods"
import { aUsage, totalsOf } from "./samples"

const machine = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const zone = "Europe/Paris"
const now = Date.parse("2026-11-27T14:00:00Z")

const show = async (answer: (ask: UsageAsk) => Promise<UsageAnswer>) => {
  const asked: Array<UsageAsk> = []
  const chart = withActors(usageMachine, {
    loadUsage: async ({ input }: { input: UsageAsk }) => {
      asked.push(input)
      return answer(input)
    },
  })
  await renderSignedIn(<MachineUsage machineId={machine} chart={chart} zone={zone} now={now} />)
  return asked
}

const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole("row")
    .find((r) => within(r).queryByRole("rowheader", { name }) !== null)

describe("a machine's usages tab", () => {
  it("asks for the last 30 days by day, and shows the totals, the members and the days worked", async () => {
    const asked = await show(async () => aUsage())
    await screen.findByRole("heading", { name: "Sur la période" })
    expect(asked[0]).toEqual({ subject: machine, ...usagePeriod("day", zone, now), bucket: "day", tz: zone })
    const [members, detail] = screen.getAllByRole("table") as [HTMLElement, HTMLElement]
    // Anne: 3 h and 1 h of the samples' activities (50 min of field work an hour), two areas of 5.4321 ha.
    const anne = rowOf(members, "Martin Anne") as HTMLElement
    expect(
      within(anne)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["2", "3 h 20", "10,86 ha", "45,1 km", "76,8 L"])
    expect(rowOf(members, "Sans membre connu")).toBeDefined()
    // The detail lists the days worked only: not the 26th.
    expect(
      within(detail)
        .getAllByRole("rowheader")
        .map((c) => c.textContent),
    ).toEqual(["mer. 25", "ven. 27"])
    expect(screen.getByRole("heading", { name: "Heures de travail par jour" })).toBeTruthy()
  })

  it("asks again by week or by month over whole weeks and months", async () => {
    const asked = await show(async () => aUsage())
    await screen.findByRole("heading", { name: "Sur la période" })
    fireEvent.click(screen.getByRole("radio", { name: "Par mois" }))
    expect(asked.at(-1)).toEqual({
      subject: machine,
      ...usagePeriod("month", zone, now),
      bucket: "month",
      tz: zone,
    })
    await screen.findByRole("heading", { name: "Heures de travail par mois" })
    fireEvent.click(screen.getByRole("radio", { name: "Hectares" }))
    expect(screen.getByRole("heading", { name: "Hectares par mois" })).toBeTruthy()
  })

  it("says a period without work plainly, and a failure with a retry that asks again", async () => {
    let fail = true
    const asked = await show(async () => {
      if (fail) throw new Error("offline")
      return new Usage({ bucket: "day", points: [], members: [], totals: totalsOf() })
    })
    const retry = await screen.findByRole("button", { name: "Réessayer" })
    expect(screen.getByText("Les chiffres n'ont pas pu être chargés")).toBeTruthy()
    fail = false
    fireEvent.click(retry)
    expect(asked).toHaveLength(2)
    expect(await screen.findByText("Aucune activité sur la période : rien à compter.")).toBeTruthy()
    expect(screen.queryByRole("heading", { name: "Sur la période" })).toBeNull()
  })
})
