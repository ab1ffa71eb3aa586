import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import {
  type MachineSheet,
  maintenanceMachineMachine,
  type ReadingSave,
} from "../../machines/maintenance/maintenanceMachine"
import { BadRequest } from "../../schema/errors"
import {
  ClusterId,
  MachineId,
  MaintenanceActionId,
  MaintenanceProfileId,
  MaintenanceRuleId,
} from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import {
  MachineMaintenance,
  MachineRuleState,
  MaintenanceAction,
  MaintenanceRule,
} from "../../schema/maintenance"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { formatDate } from "../common/format"
import { MaintenanceMachinePage } from "./MaintenanceMachine"

const cuma = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" }
const tractor = new MachineSummary({
  id: MachineId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"),
  name: "Tracteur Fendt",
  cluster: cuma,
})
const oil = new MaintenanceRule({
  id: MaintenanceRuleId.make("7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
  name: "Vidange moteur",
  counter: "engineHours",
  unit: "hours",
  frequency: 250,
  firstEvent: 50,
})
const done = new MaintenanceAction({
  id: MaintenanceActionId.make("0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"),
  machine: { id: tractor.id, name: tractor.name },
  date: DateTime.unsafeMake("2026-11-20T09:00:00Z"),
  rules: [{ id: oil.id, name: oil.name }],
  readings: [{ counter: "engineHours", value: 301 }],
  comment: "Filtre changé",
  costCents: 4550,
  parts: "Filtre à huile",
  doneBy: "Garage Martin",
  author: { firstname: "Jeanne", lastname: "Martin", name: null },
  createdAt: DateTime.unsafeMake("2026-11-20T10:00:00Z"),
})
const sheetOf = (
  engineHours: number,
  actions: ReadonlyArray<MaintenanceAction>,
  manage = true,
): MachineSheet => ({
  detail: new MachineMaintenance({
    machine: { id: tractor.id, name: tractor.name },
    counters: [
      {
        counter: "engineHours",
        value: engineHours,
        reading: { value: 300, at: DateTime.unsafeMake("2026-11-20T09:00:00Z") },
        perDay: 4.5,
      },
      { counter: "years", value: null, reading: null, perDay: 0 },
    ],
    rules: [
      new MachineRuleState({
        machine: { id: tractor.id, name: tractor.name },
        cluster: cuma,
        profile: { id: MaintenanceProfileId.make("00000000-0000-4000-8000-0000000000f1"), name: "Tracteurs" },
        rule: oil,
        status: "ok",
        counter: engineHours,
        dueAt: 551,
        remaining: 551 - engineHours,
        estimatedAt: null,
        lastAction: { id: done.id, date: done.date },
        can: { record: manage },
      }),
    ],
    can: { manage },
  }),
  actions,
})

const when = formatDate(done.date, "fr")

describe("the maintenance tab of one machine", () => {
  it("shows the machine of the address: counters, rules, actions; a reading is checked, then recorded", async () => {
    const readings: Array<ReadingSave> = []
    const machine = withActors(maintenanceMachineMachine, {
      loadMachines: async () => [tractor],
      loadSheet: async () => sheetOf(320.5, [done]),
      addReading: async ({ input }: { input: ReadingSave }) => {
        readings.push(input)
        if (readings.length === 1) throw BadRequest.of("maintenanceDateFuture")
        return sheetOf(1250, [done])
      },
    })
    await renderSignedIn(<MaintenanceMachinePage machine={machine} initial={tractor.id} />)

    expect(await screen.findByText("Heures moteur : 320,5 h")).toBeTruthy()
    expect(screen.getByText(`Dernier relevé : 300 le ${when}`)).toBeTruthy()
    expect(screen.getByText("Environ 4,5 par jour ces 30 derniers jours")).toBeTruthy()
    expect(screen.getByText("Date de mise en service inconnue")).toBeTruthy()
    const rule = screen.getByRole("listitem", { name: "Vidange moteur" })
    expect(within(rule).getByText("À jour")).toBeTruthy()
    expect(within(rule).getByText("Encore 230,5 h")).toBeTruthy()
    const history = screen.getByRole("list", { name: "Entretien fait, le plus récent d'abord" })
    expect(within(history).getByText("Fait : Vidange moteur")).toBeTruthy()
    expect(within(history).getByText("Coût : 45,50 €")).toBeTruthy()
    expect(within(history).getByText("Saisi par Jeanne Martin")).toBeTruthy()

    const form = screen.getByRole("region", { name: "Relever un compteur" })
    fireEvent.change(within(form).getByLabelText(/Valeur lue/), { target: { value: "1250,5" } })
    fireEvent.click(within(form).getByRole("button", { name: "Enregistrer le relevé" }))
    expect(
      await within(form).findByText(
        "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
      ),
    ).toBeTruthy()
    expect(readings).toEqual([])
    fireEvent.change(within(form).getByLabelText(/Valeur lue/), { target: { value: "1250" } })
    fireEvent.click(within(form).getByRole("button", { name: "Enregistrer le relevé" }))
    expect(
      await screen.findByText("Cette date est à venir : un entretien ou un relevé se saisit une fois fait"),
    ).toBeTruthy()
    fireEvent.click(within(form).getByRole("button", { name: "Enregistrer le relevé" }))
    expect(await screen.findByText("Relevé enregistré : les compteurs en tiennent compte.")).toBeTruthy()
    expect(screen.getByText(/^Heures moteur : 1.250 h$/)).toBeTruthy()
    expect(readings[1]).toMatchObject({ machine: tractor.id, counter: "engineHours", value: 1250 })
    expect(Math.abs(Date.parse(readings[1].date) - Date.now())).toBeLessThan(10 * 60_000)
  })

  it("deletes an action only once confirmed", async () => {
    const removed: Array<string> = []
    const machine = withActors(maintenanceMachineMachine, {
      loadMachines: async () => [tractor],
      loadSheet: async () => sheetOf(320.5, [done]),
      removeAction: async ({ input }: { input: { id: string } }) => {
        removed.push(input.id)
        return sheetOf(320.5, [])
      },
    })
    await renderSignedIn(<MaintenanceMachinePage machine={machine} initial={tractor.id} />)
    fireEvent.click(await screen.findByRole("button", { name: `Supprimer l'entretien du ${when}` }))
    let dialog = await screen.findByRole("dialog", { name: "Supprimer cet entretien ?" })
    expect(
      within(dialog).getByText(
        `L'entretien du ${when} (Vidange moteur) sera supprimé pour de bon ; ses règles compteront à nouveau depuis l'entretien précédent.`,
      ),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(removed).toEqual([])
    fireEvent.click(screen.getByRole("button", { name: `Supprimer l'entretien du ${when}` }))
    dialog = await screen.findByRole("dialog", { name: "Supprimer cet entretien ?" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }))
    expect(await screen.findByText("Entretien supprimé.")).toBeTruthy()
    expect(removed).toEqual([done.id])
    expect(screen.getByText("Aucun entretien enregistré.")).toBeTruthy()
  })

  it("offers no reading and no deletion to a person who only sees the machine, and asks for a machine first", async () => {
    const machine = withActors(maintenanceMachineMachine, {
      loadMachines: async () => [tractor],
      loadSheet: async () => sheetOf(320.5, [done], false),
    })
    await renderSignedIn(<MaintenanceMachinePage machine={machine} />)
    expect(
      await screen.findByText(
        "Choisissez une machine pour voir ses compteurs, ses règles et l'entretien fait.",
      ),
    ).toBeTruthy()
    expect(screen.queryByText("Heures moteur : 320,5 h")).toBeNull()
  })

  it("shows a machine the person only sees without the reading form or the delete buttons", async () => {
    const machine = withActors(maintenanceMachineMachine, {
      loadMachines: async () => [tractor],
      loadSheet: async () => sheetOf(320.5, [done], false),
    })
    await renderSignedIn(<MaintenanceMachinePage machine={machine} initial={tractor.id} />)
    expect(await screen.findByText("Heures moteur : 320,5 h")).toBeTruthy()
    expect(screen.getByText("Fait : Vidange moteur")).toBeTruthy()
    expect(screen.queryByRole("region", { name: "Relever un compteur" })).toBeNull()
    expect(screen.queryByRole("button", { name: /Supprimer/ })).toBeNull()
  })
})
