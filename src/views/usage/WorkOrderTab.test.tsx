import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { type ActivitiesQuery, machineActivitiesMachine } from "../../machines/activities/machineActivities"
import { anActivity } from "../../machines/activities/samples"
import { type WorkOrderAsk, workOrderMachine } from "../../machines/usage/workOrder"
import type { Activity } from "../../schema/activity"
import { UnprocessableEntity } from "../../schema/errors"
import { MachineId } from "../../schema/ids"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { choicePeriod } from "../machines/activities/period"
import { WorkOrderTab } from "./WorkOrderTab"

const machine = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const zone = "Europe/Paris"
const morning = anActivity(1, "2026-11-19T07:30:00.000Z", 3)
const afternoon = anActivity(2, "2026-11-19T13:00:00.000Z", 2)

const show = async (listed: ReadonlyArray<Activity>, make: (ask: WorkOrderAsk) => Promise<string>) => {
  const asked: Array<ActivitiesQuery> = []
  const made: Array<WorkOrderAsk> = []
  const list = withActors(machineActivitiesMachine, {
    loadActivities: async ({ input }: { input: ActivitiesQuery }) => {
      asked.push(input)
      return listed
    },
  })
  const chart = withActors(workOrderMachine, {
    makeWorkOrder: async ({ input }: { input: WorkOrderAsk }) => {
      made.push(input)
      return make(input)
    },
  })
  await renderSignedIn(
    <WorkOrderTab machineId={machine} machineName="Tracteur" list={list} chart={chart} zone={zone} />,
  )
  return { asked, made }
}

describe("a machine's work order tab", () => {
  it("lists the last 7 days' activities, and prints the ones ticked with the remarks, in the language chosen", async () => {
    const { asked, made } = await show(
      [afternoon, morning],
      async () => "bon-de-travail-Tracteur-2026-11-19.pdf",
    )
    expect(asked[0]).toEqual({ machine, ...choicePeriod("last7", zone) })
    const make = await screen.findByRole("button", { name: "Établir le bon de travail (PDF)" })
    // Nothing ticked: nothing to print, and the page says why.
    expect((make as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("Cochez au moins une activité.")).toBeTruthy()
    fireEvent.click(screen.getByRole("checkbox", { name: /08:30 – 11:30 · Les Grands Champs · Martin Anne/ }))
    expect(screen.getByText("1 activité choisie")).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Observations (facultatif)"), { target: { value: "Buses 04" } })
    fireEvent.click(screen.getByLabelText("Langue du bon", { selector: "input:not([type=hidden])" }))
    fireEvent.click(await screen.findByRole("option", { name: "Polski", hidden: true }))
    fireEvent.click(make)
    expect(made).toEqual([
      { machine, machineName: "Tracteur", activities: [morning.id], note: "Buses 04", lang: "pl", zone },
    ])
    expect((await screen.findByRole("status")).textContent).toBe(
      "Bon de travail établi : bon-de-travail-Tracteur-2026-11-19.pdf",
    )
    fireEvent.click(screen.getByRole("button", { name: "Tout cocher" }))
    expect(screen.getByText("2 activités choisies")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Tout décocher" }))
    expect(screen.getByText("0 activité choisie")).toBeTruthy()
  })

  it("shows the server's refusal in words", async () => {
    await show([morning], async () => {
      throw UnprocessableEntity.of("selectionUnknown")
    })
    fireEvent.click(await screen.findByRole("button", { name: "Tout cocher" }))
    fireEvent.click(screen.getByRole("button", { name: "Établir le bon de travail (PDF)" }))
    const alert = await screen.findByRole("alert")
    expect(alert.textContent).toContain("Le bon de travail n'a pas pu être établi")
    expect(alert.textContent).toContain("Cette selection n'existe pas")
  })

  it("a period without activity says there is nothing to print", async () => {
    await show([], async () => "")
    expect(
      await screen.findByText("Aucune activité de cette machine sur la période : rien à porter sur un bon."),
    ).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Établir le bon de travail (PDF)" })).toBeNull()
  })
})
