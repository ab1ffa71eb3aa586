import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { type CanConfigSave, canConfigsMachine } from "../../machines/telemetry/canConfigs"
import { fixesTableMachine } from "../../machines/telemetry/fixesTable"
import { CanConfig, CanConfigs } from "../../schema/canbus"
import { Forbidden } from "../../schema/errors"
import { MachineId } from "../../schema/ids"
import { withActors } from "../../testing/actors"
import { renderSignedIn } from "../../testing/render"
import { CanbusRawPage } from "./ExpertPage"

const machineId = MachineId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f61")
const other = MachineId.make("5f0c6e9a-3c2b-4d3e-9f5a-1b2c3d4e5f62")

const catalogueSpeed = new CanConfig({
  name: "engineSpeed",
  labels: { fr: "Régime moteur", en: "Engine speed", pl: "Obroty silnika", de: "Motordrehzahl" },
  unit: "tr/min",
  scale: 1,
  offset: 0,
  chart: true,
  source: "catalogue",
  seen: true,
})
const rawPressure = new CanConfig({
  name: "hydPress",
  labels: { fr: "hydPress", en: "hydPress", pl: "hydPress", de: "hydPress" },
  unit: "",
  scale: 1,
  offset: 0,
  chart: true,
  source: "raw",
  seen: true,
})
const listOf = (canEdit: boolean, ...configs: ReadonlyArray<CanConfig>) =>
  new CanConfigs({ machine: machineId, canEdit, configs })

const choices = withActors(fixesTableMachine, {
  loadChoices: async () => [
    { id: machineId, label: "Tracteur rouge" },
    { id: other, label: "Tracteur bleu" },
  ],
})

describe("how a machine's CAN values read (canbus_raw)", () => {
  it("lists the picked machine's values; a manager sets one, is told what is wrong, and takes it back", async () => {
    const asked: Array<unknown> = []
    const saved: Array<CanConfigSave> = []
    const reset: Array<unknown> = []
    let list = listOf(true, catalogueSpeed, rawPressure)
    const settings = withActors(canConfigsMachine, {
      loadConfigs: async ({ input }: { input: unknown }) => {
        asked.push(input)
        return list
      },
      saveConfig: async ({ input }: { input: CanConfigSave }) => {
        saved.push(input)
        if (saved.length === 1) throw Forbidden.of()
        list = listOf(
          true,
          catalogueSpeed,
          new CanConfig({ ...rawPressure, ...input.config, name: input.name, source: "machine" }),
        )
        return list
      },
      resetConfig: async ({ input }: { input: unknown }) => {
        reset.push(input)
        list = listOf(true, catalogueSpeed, rawPressure)
        return list
      },
    })
    await renderSignedIn(<CanbusRawPage machine={choices} settings={settings} picked={machineId} />)

    // The address's machine is picked: its values are listed, each with its reading and origin.
    const speed = await screen.findByRole("listitem", { name: "Régime moteur" })
    expect(asked).toEqual([{ machine: machineId, lang: "fr" }])
    expect(within(speed).getByText("Lecture par défaut")).toBeTruthy()
    expect(within(speed).getByText("Unité : tr/min · échelle : 1 · décalage : 0 · courbe : oui")).toBeTruthy()
    const pressure = screen.getByRole("listitem", { name: "hydPress" })
    expect(within(pressure).getByText("Nom brut")).toBeTruthy()

    // A comma and a zero scale are refused on their fields, and nothing is sent.
    fireEvent.click(within(pressure).getByRole("button", { name: "Modifier la lecture de hydPress" }))
    const dialog = await screen.findByRole("dialog", { name: "Lecture de hydPress" })
    const field = (label: string) => within(dialog).getByLabelText(label)
    fireEvent.change(field("Libellé en français"), { target: { value: "Pression hydraulique" } })
    fireEvent.change(field("Unité"), { target: { value: "bar" } })
    fireEvent.change(field("Échelle"), { target: { value: "0,1" } })
    fireEvent.change(field("Décalage"), { target: { value: "x" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(
      await within(dialog).findByText(
        "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)",
      ),
    ).toBeTruthy()
    expect(saved).toEqual([])

    // What a raw value will read as is shown while typing.
    fireEvent.change(field("Échelle"), { target: { value: "0.1" } })
    fireEvent.change(field("Décalage"), { target: { value: "-2" } })
    expect(within(dialog).getByText("Une valeur brute de 1 000 se lira 98 bar.")).toBeTruthy()

    // A refusal keeps the form and says why; a second try is saved and the list shows it.
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect((await within(dialog).findByRole("alert")).textContent).toContain("droit")
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect(
      await screen.findByText(
        "La lecture de « Pression hydraulique » est enregistrée ; le tableau de bord l'applique.",
      ),
    ).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(saved.at(-1)).toEqual({
      machine: machineId,
      lang: "fr",
      name: "hydPress",
      config: {
        labels: { fr: "Pression hydraulique", en: "hydPress", pl: "hydPress", de: "hydPress" },
        unit: "bar",
        scale: 0.1,
        offset: -2,
        chart: true,
      },
    })
    const set = screen.getByRole("listitem", { name: "Pression hydraulique" })
    expect(within(set).getByText("Réglée pour cette machine")).toBeTruthy()
    expect(within(set).getByText("Unité : bar · échelle : 0,1 · décalage : -2 · courbe : oui")).toBeTruthy()

    // Back to the default reading, from the form.
    fireEvent.click(within(set).getByRole("button", { name: "Modifier la lecture de Pression hydraulique" }))
    const again = await screen.findByRole("dialog", { name: "Lecture de Pression hydraulique" })
    fireEvent.click(within(again).getByRole("button", { name: "Revenir à la lecture par défaut" }))
    expect(await screen.findByText("« hydPress » se lit de nouveau par défaut.")).toBeTruthy()
    expect(reset).toEqual([{ machine: machineId, lang: "fr", name: "hydPress" }])
    expect(within(screen.getByRole("listitem", { name: "hydPress" })).getByText("Nom brut")).toBeTruthy()

    // Another machine: its own values are asked for.
    fireEvent.change(screen.getByLabelText("Machine"), { target: { value: other } })
    await waitFor(() => expect(asked.at(-1)).toEqual({ machine: other, lang: "fr" }))
  })

  it("shows a member who does not manage the machine how values read, with the right it takes to change them", async () => {
    const settings = withActors(canConfigsMachine, {
      loadConfigs: async () => listOf(false, catalogueSpeed),
    })
    await renderSignedIn(<CanbusRawPage machine={choices} settings={settings} picked={machineId} />)
    const speed = await screen.findByRole("listitem", { name: "Régime moteur" })
    expect(
      (
        within(speed).getByRole("button", {
          name: "Modifier la lecture de Régime moteur",
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true)
    expect(screen.getByRole("note").textContent).toContain("Gérer les machines")
  })

  it("names no machine and asks for nothing when the address names one the person does not see", async () => {
    const asked: Array<unknown> = []
    const settings = withActors(canConfigsMachine, {
      loadConfigs: async ({ input }: { input: unknown }) => {
        asked.push(input)
        return listOf(true)
      },
    })
    const picks: Array<string | null> = []
    await renderSignedIn(
      <CanbusRawPage
        machine={choices}
        settings={settings}
        picked="00000000-0000-4000-8000-000000000000"
        onPick={(id) => picks.push(id)}
      />,
    )
    await screen.findByRole("option", { name: "Tracteur rouge" })
    expect((screen.getByLabelText("Machine") as HTMLSelectElement).value).toBe("")
    expect(picks.at(-1)).toBeNull()
    expect(screen.queryByRole("heading", { name: "Lecture des valeurs CAN" })).toBeNull()
    expect(asked).toEqual([])
  })
})
