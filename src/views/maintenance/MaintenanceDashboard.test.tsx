import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { type ActionSave, maintenanceDashboardMachine } from "../../machines/maintenance/maintenanceDashboard"
import { BadRequest } from "../../schema/errors"
import {
  ClusterId,
  MachineId,
  MaintenanceActionId,
  MaintenanceProfileId,
  MaintenanceRuleId,
} from "../../schema/ids"
import { MachineRuleState, MaintenanceRule, type RuleStatus } from "../../schema/maintenance"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { MaintenanceDashboardPage } from "./MaintenanceDashboard"

const tractor = { id: MachineId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61"), name: "Tracteur Fendt" }
const sprayer = { id: MachineId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f62"), name: "Pulvérisateur" }
const oil = new MaintenanceRule({
  id: MaintenanceRuleId.make("7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d"),
  name: "Vidange moteur",
  counter: "engineHours",
  unit: "hours",
  frequency: 250,
  firstEvent: 50,
})
const yearly = new MaintenanceRule({
  id: MaintenanceRuleId.make("7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4e"),
  name: "Contrôle annuel",
  counter: "years",
  unit: "years",
  frequency: 1,
  firstEvent: 1,
})
const stateOf = (
  machine: typeof tractor,
  rule: MaintenanceRule,
  status: RuleStatus,
  counter: number,
  dueAt: number,
  record = true,
) =>
  new MachineRuleState({
    machine,
    cluster: { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" },
    profile: { id: MaintenanceProfileId.make("00000000-0000-4000-8000-0000000000f1"), name: "Tracteurs" },
    rule,
    status,
    counter,
    dueAt,
    remaining: dueAt - counter,
    estimatedAt: null,
    lastAction:
      status === "ok"
        ? {
            id: MaintenanceActionId.make("0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e"),
            date: DateTime.unsafeMake("2026-11-20T09:00:00Z"),
          }
        : null,
    can: { record },
  })

describe("the maintenance dashboard", () => {
  it("lists each rule with what remains; a manager records the maintenance done and the rule starts again", async () => {
    const recorded: Array<ActionSave> = []
    let states = [
      stateOf(tractor, oil, "overdue", 312.4, 300),
      stateOf(sprayer, yearly, "soon", 0.95, 1, false),
    ]
    const machine = withActors(maintenanceDashboardMachine, {
      loadStates: async () => states,
      recordAction: async ({ input }: { input: ActionSave }) => {
        recorded.push(input)
        if (recorded.length === 1) throw BadRequest.of("maintenanceDateFuture")
        states = [states[1], stateOf(tractor, oil, "ok", 312.4, 562.4)]
        return states
      },
    })
    await renderSignedIn(<MaintenanceDashboardPage machine={machine} />)

    const late = await screen.findByRole("listitem", { name: "Tracteur Fendt — Vidange moteur" })
    expect(within(late).getByText("En retard")).toBeTruthy()
    expect(within(late).getByText("Dépassé de 12,4 h")).toBeTruthy()
    expect(within(late).getByText("Heures moteur : 312,4 h")).toBeTruthy()
    expect(within(late).getByText("Jamais enregistré")).toBeTruthy()
    // The machine's name leads to its maintenance tab.
    expect(within(late).getByRole("link", { name: "Tracteur Fendt" }).getAttribute("href")).toBe(
      `/maintenance/machines?machine=${tractor.id}`,
    )
    // A rule in years says days; a machine the person does not manage has no button.
    const soon = screen.getByRole("listitem", { name: "Pulvérisateur — Contrôle annuel" })
    expect(within(soon).getByText("Encore 18 jours")).toBeTruthy()
    expect(within(soon).queryByRole("button")).toBeNull()

    fireEvent.click(
      within(late).getByRole("button", { name: "Enregistrer l'entretien Vidange moteur de Tracteur Fendt" }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Vidange moteur — Tracteur Fendt" })
    fireEvent.change(within(dialog).getByLabelText("Coût (€)"), { target: { value: "45,50" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(
      await within(dialog).findByText(
        "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
      ),
    ).toBeTruthy()
    expect(recorded).toEqual([])

    fireEvent.change(within(dialog).getByLabelText("Coût (€)"), { target: { value: "45.50" } })
    fireEvent.change(within(dialog).getByLabelText("Commentaire"), { target: { value: " Filtre changé " } })
    // A refusal keeps the form and says why; sent again (same action id), it is recorded.
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(
      await within(dialog).findByText(
        "Cette date est à venir : un entretien ou un relevé se saisit une fois fait",
      ),
    ).toBeTruthy()
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(
      await screen.findByText("Entretien enregistré : Vidange moteur. Le compte repart de zéro."),
    ).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(recorded).toHaveLength(2)
    expect(recorded[1]).toMatchObject({
      machine: tractor.id,
      rule: oil.id,
      comment: "Filtre changé",
      costCents: 4550,
    })
    expect(recorded[1].id).toBe(recorded[0].id)
    expect(Math.abs(Date.parse(recorded[1].date) - Date.now())).toBeLessThan(10 * 60_000)
    const done = screen.getByRole("listitem", { name: "Tracteur Fendt — Vidange moteur" })
    expect(within(done).getByText("À jour")).toBeTruthy()
    expect(within(done).getByText("Encore 250 h")).toBeTruthy()
  })

  it("says so when no rule applies, and offers a retry when the list cannot be read", async () => {
    let fail = true
    const machine = withActors(maintenanceDashboardMachine, {
      loadStates: async () => {
        if (fail) throw new Error("network")
        return []
      },
    })
    await renderSignedIn(<MaintenanceDashboardPage machine={machine} />)
    const retry = await screen.findByRole("button", { name: "Réessayer" })
    fail = false
    fireEvent.click(retry)
    expect(
      await screen.findByText("Aucune règle d'entretien ne s'applique encore aux machines que vous voyez."),
    ).toBeTruthy()
  })
})
