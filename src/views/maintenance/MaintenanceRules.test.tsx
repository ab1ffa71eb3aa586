import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import {
  maintenanceRulesMachine,
  type ProfileSave,
  type RulesData,
} from "../../machines/maintenance/maintenanceRules"
import { Forbidden } from "../../schema/errors"
import { ClusterId, MachineId, MaintenanceProfileId, MaintenanceRuleId } from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import { MaintenanceProfile, MaintenanceRule } from "../../schema/maintenance"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { MaintenanceRulesPage } from "./MaintenanceRules"

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
const tractors = new MaintenanceProfile({
  id: MaintenanceProfileId.make("00000000-0000-4000-8000-0000000000f1"),
  name: "Tracteurs",
  clusters: [cuma],
  machines: [{ id: tractor.id, name: tractor.name }],
  rules: [oil],
  soonShare: 0.1,
  can: { edit: true },
})

describe("the maintenance rules tab", () => {
  it("lists the profiles; a new one is checked field by field, saved with its rules, and listed", async () => {
    const saves: Array<ProfileSave> = []
    let data: RulesData = { profiles: [tractors], clusters: [cuma], machines: [tractor] }
    const machine = withActors(maintenanceRulesMachine, {
      loadRules: async () => data,
      saveProfile: async ({ input }: { input: ProfileSave }) => {
        saves.push(input)
        if (saves.length === 1) throw Forbidden.of()
        const rule = input.profile.rules[0]
        data = {
          ...data,
          profiles: [
            ...data.profiles,
            new MaintenanceProfile({
              ...input.profile,
              clusters: [cuma],
              machines: [],
              rules: rule === undefined ? [] : [new MaintenanceRule({ ...rule, unit: "hours" })],
              can: { edit: true },
            }),
          ],
        }
        return data
      },
    })
    await renderSignedIn(<MaintenanceRulesPage machine={machine} />)

    const card = await screen.findByRole("listitem", { name: "Tracteurs" })
    expect(within(card).getByText(/Toutes les 250 heures moteur, la première fois à 50 h/)).toBeTruthy()
    expect(
      within(card).getByText("Structures : CUMA des Prés · « Bientôt » à 10 % de la fréquence"),
    ).toBeTruthy()
    expect(within(card).getByText("Tracteur Fendt")).toBeTruthy()

    fireEvent.click(screen.getByRole("button", { name: "Nouveau profil" }))
    const dialog = await screen.findByRole("dialog", { name: "Nouveau profil d'entretien" })
    // Nothing typed: each required field says so, nothing is sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(await within(dialog).findAllByText("Le champ est obligatoire")).toHaveLength(4)
    expect(saves).toEqual([])

    fireEvent.change(within(dialog).getByLabelText(/Nom du profil/), { target: { value: " Moissonneuses " } })
    const rule = within(dialog).getByRole("group", { name: "Règle 1" })
    fireEvent.change(within(rule).getByLabelText(/Nom de la règle/), { target: { value: "Graissage" } })
    fireEvent.change(within(rule).getByLabelText(/Fréquence/), { target: { value: "50,5" } })
    fireEvent.change(within(rule).getByLabelText(/Première échéance/), { target: { value: "0" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(
      await within(dialog).findByText(
        "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
      ),
    ).toBeTruthy()
    expect(saves).toEqual([])

    fireEvent.change(within(rule).getByLabelText(/Fréquence/), { target: { value: "50.5" } })
    // A refusal keeps the editor and says why; sent again, it is saved.
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(await within(dialog).findByRole("alert")).toBeTruthy()
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(await screen.findByText("Profil enregistré : Moissonneuses.")).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(saves[1]).toMatchObject({
      profile: {
        name: "Moissonneuses",
        clusters: [cuma.id],
        soonShare: 0.1,
        rules: [{ name: "Graissage", counter: "engineHours", frequency: 50.5, firstEvent: 0 }],
      },
      attach: [],
      detach: [],
    })
    expect(saves[1].profile.id).toBe(saves[0].profile.id)
    const made = screen.getByRole("listitem", { name: "Moissonneuses" })
    expect(within(made).getByText(/Toutes les 50,5 heures moteur, la première fois à 0 h/)).toBeTruthy()
  })

  it("opens a profile as saved; a rule removed is left out, and its machines are kept", async () => {
    const saves: Array<ProfileSave> = []
    const data: RulesData = { profiles: [tractors], clusters: [cuma], machines: [tractor] }
    const machine = withActors(maintenanceRulesMachine, {
      loadRules: async () => data,
      saveProfile: async ({ input }: { input: ProfileSave }) => {
        saves.push(input)
        return data
      },
    })
    await renderSignedIn(<MaintenanceRulesPage machine={machine} />)
    fireEvent.click(await screen.findByRole("button", { name: "Modifier le profil Tracteurs" }))
    const dialog = await screen.findByRole("dialog", { name: "Modifier Tracteurs" })
    expect((within(dialog).getByLabelText(/Nom du profil/) as HTMLInputElement).value).toBe("Tracteurs")
    expect((within(dialog).getByLabelText(/Seuil/) as HTMLInputElement).value).toBe("10")
    fireEvent.click(within(dialog).getByRole("button", { name: "Retirer la règle 1" }))
    expect(within(dialog).queryByRole("group", { name: "Règle 1" })).toBeNull()
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]).toEqual({
      profile: { id: tractors.id, name: "Tracteurs", clusters: [cuma.id], soonShare: 0.1, rules: [] },
      attach: [],
      detach: [],
    })
  })

  it("tells a person who manages no machines that profiles are not theirs to create", async () => {
    const machine = withActors(maintenanceRulesMachine, {
      loadRules: async () => ({ profiles: [], clusters: [], machines: [] }),
    })
    await renderSignedIn(<MaintenanceRulesPage machine={machine} />)
    expect(
      await screen.findByText(
        "Seuls les membres qui gèrent les machines d'une structure y créent des profils d'entretien.",
      ),
    ).toBeTruthy()
    expect(screen.getByText("Aucun profil d'entretien pour l'instant.")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Nouveau profil" })).toBeNull()
  })
})
