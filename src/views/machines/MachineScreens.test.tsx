// Size: the cases of MachineScreens share one fixture set and render wrapper; one test file per screen or module.
import { act, fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { type ReactNode, useState } from "react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type MachineSave, machineFormMachine } from "../../machines/fleet/machineForm"
import { machineListMachine } from "../../machines/fleet/machineList"
import { machinePageMachine } from "../../machines/fleet/machinePage"
import type { SensorsRead } from "../../machines/telemetry/sensors.actors"
import { BadRequest, type Cluster, type Machine, type Member, UserId } from "../../schema"
import { CounterId, type MachineId } from "../../schema/ids"
import type { Right } from "../../schema/rights"
import { DeviceInformation } from "../../schema/telemetryReads"
import { withActors } from "../../testing/actors"
import { shownDate, typeDate } from "../../testing/dateTime"
import { aMachine, aSummary, catalogue, harvesters, machineId, tractors } from "../../testing/machines"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { aCluster, clusterId } from "../../testing/renderCluster"
import { MyClustersContext } from "../common/clusterContexts"
import { MachineFormPage } from "./MachineFormPage"
import { MachineListPage } from "./MachineListPage"
import { MachinePage } from "./MachinePage"

const render = async (ui: ReactNode, clusters: ReadonlyArray<Cluster>) => {
  const { session } = await settledSession(aUser())
  return renderScreen(
    <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>{ui}</MyClustersContext.Provider>,
    { session },
  )
}
const formMachine = (save: (s: MachineSave) => Promise<Machine>) =>
  machineFormMachine.provide({
    actors: {
      loadCatalogue: fromPromise(async () => catalogue),
      loadMembers: fromPromise(async (): Promise<ReadonlyArray<Member>> => []),
      saveMachine: fromPromise<Machine, MachineSave>(({ input }) => save(input)),
    },
  })

/** The form whose structures arrive after it opened; `onArrive` hands over the function bringing them. */
const LateClusters = ({
  onArrive,
  save,
}: {
  onArrive: (arrive: () => void) => void
  save: (s: MachineSave) => Promise<Machine>
}) => {
  const [clusters, setClusters] = useState<ReadonlyArray<Cluster> | null>(null)
  onArrive(() => setClusters([aCluster(["createMachine"])]))
  return (
    <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>
      <MachineFormPage formMachine={formMachine(save)} />
    </MyClustersContext.Provider>
  )
}

const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement

describe("add a machine", () => {
  it("flags a decimal comma on the field as it is typed and sends nothing", async () => {
    const sent: MachineSave[] = []
    await render(
      <MachineFormPage
        formMachine={formMachine(async (s) => {
          sent.push(s)
          return aMachine()
        })}
      />,
      [aCluster(["createMachine", "seeMachines"])],
    )
    fireEvent.change(await screen.findByLabelText("Nom", { exact: false }), { target: { value: "Semoir" } })
    fireEvent.change(field("Largeur de travail (m)"), { target: { value: "3,5" } })
    const width = field("Largeur de travail (m)")
    expect(width.getAttribute("aria-invalid")).toBe("true")
    expect(
      screen.getAllByText("Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)"),
    ).toHaveLength(1)
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    expect(sent).toEqual([])
    fireEvent.change(width, { target: { value: "3.5" } })
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    await screen.findByText("Machine ajoutée")
    expect(sent).toHaveLength(1)
    expect(sent[0]?.input).toMatchObject({ name: "Semoir", toolWidthMeters: 3.5 })
  })

  it("number fields bring up a keyboard with a point (a French iPhone's decimal pad has only a comma), the hint stays", async () => {
    await render(<MachineFormPage formMachine={formMachine(async () => aMachine())} />, [
      aCluster(["createMachine", "manageMachine"]),
    ])
    await screen.findByLabelText("Nom", { exact: false })
    const numbers = [
      "Largeur de travail (m)",
      "Vitesse de travail maximale (km/h)",
      "Tarif (€ par unité)",
      "Distance totale (km)",
      "Heures de travail",
      "Heures moteur",
      "Pause minimale (minutes)",
      "Correction de la consommation de gazole (%, peut être négative)",
    ].map((label) => screen.getByLabelText(label) as HTMLInputElement)
    for (const input of numbers) {
      expect(input.type).toBe("text")
      expect(["text", null]).toContain(input.getAttribute("inputmode"))
    }
    expect(screen.getByText("Avec un point pour les décimales, par exemple 3.5")).toBeTruthy()
  })

  it("a refused creation shows the decimal-point hint with the server's translated message", async () => {
    await render(
      <MachineFormPage
        formMachine={formMachine(async () => {
          throw new BadRequest({ code: "selectionUnknown", message: "x" })
        })}
      />,
      [aCluster(["createMachine"])],
    )
    fireEvent.change(await screen.findByLabelText("Nom", { exact: false }), { target: { value: "Semoir" } })
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    const hint = await screen.findByText(/pas une virgule \(3\.5 et non 3,5\)/)
    const alert = hint.closest("[role=alert]") as HTMLElement
    expect(within(alert).getByText("Cette selection n'existe pas")).toBeTruthy()
  })

  // Names follow the page's language (SPEC §9, read as the header's choice): French here.
  it("offers the types of the chosen category only, and forgets a type of another category", async () => {
    await render(<MachineFormPage formMachine={formMachine(async () => aMachine())} />, [
      aCluster(["createMachine"]),
    ])
    const type = () => screen.getByLabelText("Type", { exact: true }) as HTMLSelectElement
    await screen.findByLabelText("Catégorie")
    expect(type().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText("Catégorie"), { target: { value: tractors.id } })
    const options = () => [...type().options].map((o) => o.textContent)
    expect(options()).toEqual(["—", "Tracteur 4RM"])
    fireEvent.change(type(), { target: { value: tractors.types[0]?.id } })
    fireEvent.change(screen.getByLabelText("Catégorie"), { target: { value: harvesters.id } })
    expect(options()).toEqual(["—", "Moissonneuse"])
    expect(type().value).toBe("")
  })

  it("when the person's structures arrive after the form opened, the machine goes to the first they may add to", async () => {
    const sent: MachineSave[] = []
    let arrive: () => void = () => {}
    await render(
      <LateClusters
        onArrive={(f) => {
          arrive = f
        }}
        save={async (s) => {
          sent.push(s)
          return aMachine()
        }}
      />,
      [],
    )
    fireEvent.change(await screen.findByLabelText("Nom", { exact: false }), { target: { value: "Herse" } })
    act(() => arrive())
    expect(((await screen.findByRole("combobox", { name: "Structure" })) as HTMLSelectElement).value).toBe(
      clusterId,
    )
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    await screen.findByText("Machine ajoutée")
    expect(sent[0]?.input).toMatchObject({ cluster: clusterId, name: "Herse" })
  })

  it("without createMachine anywhere the list's add button is disabled with the right named", async () => {
    await render(
      <MachineListPage
        machine={withActors(machineListMachine, { loadMachines: async () => [aSummary(aMachine())] })}
      />,
      [aCluster(["seeMachines"])],
    )
    expect(await screen.findByText("Tracteur 1")).toBeTruthy()
    expect((screen.getByRole("button", { name: "Ajouter une machine" }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    expect(screen.getByText("Droit requis : Créer une machine")).toBeTruthy()
  })
})

describe("machine page", () => {
  /** The box on the machine, which has sent nothing yet. */
  const silentBox = new DeviceInformation({
    counter: CounterId.make("SIL-0042"),
    kind: "box",
    firmware: null,
    battery: null,
    lastCommunication: null,
    fixes: 0,
    lastPosition: null,
    current: true,
    sensors: { vibration: null, can: {}, canSeen: [], tags: [] },
  })
  const page = (myRights: ReadonlyArray<Right>, editing = false, machine: Partial<Machine> = {}) =>
    render(
      <MachinePage
        id={machineId}
        editing={editing}
        onEditing={() => {}}
        machine={withActors(machinePageMachine, {
          loadMachine: async () => ({ machine: aMachine(machine), access: [] }),
        })}
        formMachine={formMachine(async () => aMachine())}
        sensors={fromPromise<SensorsRead, MachineId>(async () => ({ devices: [silentBox] }))}
      />,
      [aCluster(myRights)],
    )

  it("shows the header with the box on it now; without the rights Modifier and Supprimer are disabled with hints", async () => {
    await page(["seeMachines"])
    expect(await screen.findByRole("heading", { level: 1, name: "Tracteur 1" })).toBeTruthy()
    expect(screen.getByText("Claas Arion 420")).toBeTruthy()
    expect(screen.getByText("Boîtier posé : SIL-0042")).toBeTruthy()
    expect((screen.getByRole("button", { name: "Modifier" }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole("button", { name: "Supprimer" }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("Droit requis : Supprimer une machine")).toBeTruthy()
    expect(screen.getByText(/Droit requis : Modifier les machines/)).toBeTruthy()
    const sensors = screen.getByRole("region", { name: "Capteurs et balises" })
    expect(await within(sensors).findByText("Le boîtier SIL-0042 n'a encore rien envoyé.")).toBeTruthy()
  })

  it("a member without the edit right reads the machine's details, advanced parameters folded away", async () => {
    await page(["seeMachines"], false, {
      owner: {
        id: UserId.make("00000000-0000-4000-8000-0000000000b1"),
        firstname: "Paul",
        lastname: "Martin",
        name: null,
      },
      canPresent: true,
      canType: "ISOBUS",
      maintenance: {
        dateOfIssue: DateTime.unsafeMake("2021-03-15T00:00:00Z"),
        totalDistanceKm: 1200,
        workingHours: 350.5,
        engineHours: 410,
        engineHoursMeasuredAt: DateTime.unsafeMake("2024-06-01T00:00:00Z"),
      },
    })
    const details = await screen.findByRole("region", { name: "Caractéristiques" })
    const value = (term: string) =>
      within(details).getByText(term, { selector: "dt" }).nextElementSibling?.textContent
    expect(value("Marque")).toBe("Claas")
    expect(value("Modèle")).toBe("Arion 420")
    // The page is in French: the catalogue's French names (SPEC §9, the page's language).
    expect(value("Catégorie")).toBe("Tracteurs")
    expect(value("Type")).toBe("Tracteur 4RM")
    expect(value("Largeur de travail")).toBe("3,5 m")
    expect(value("Vitesse de travail maximale")).toBe("12 km/h")
    expect(value("Bus CAN")).toBe("Oui, ISOBUS")
    expect(value("Propriétaire")).toBe("Martin Paul")
    expect(value("Facturation")).toBe("25 € par heure")
    expect(value("Mise en service")).toBe("15 mars 2021")
    expect(value("Distance totale")).toMatch(/^1\s200 km$/)
    expect(value("Heures de travail")).toBe("350,5 h")
    expect(value("Heures moteur")).toBe("410 h (relevé le 1 juin 2024)")
    const advanced = within(details).getByText("Paramètres avancés").closest("details") as HTMLDetailsElement
    expect(advanced.open).toBe(false)
    expect(
      within(advanced).getByText("Pause minimale (minutes)", { selector: "dt" }).nextElementSibling
        ?.textContent,
    ).toBe("3")
    expect(within(advanced).getByText("Réservation → Parcelle → Tag")).toBeTruthy()
  })

  it("what is not filled in says so", async () => {
    await page(["seeMachines"], false, { brand: null, model: null, toolWidthMeters: null, billing: null })
    const details = await screen.findByRole("region", { name: "Caractéristiques" })
    for (const term of ["Marque", "Modèle", "Largeur de travail", "Facturation", "Mise en service"])
      expect(within(details).getByText(term, { selector: "dt" }).nextElementSibling?.textContent).toBe(
        "Non renseigné",
      )
  })

  it("all six tabs are on screen: on a narrow phone they wrap into rows instead of scrolling sideways", async () => {
    await page(["seeMachines"])
    const list = await screen.findByRole("tablist")
    expect(
      within(list)
        .getAllByRole("tab")
        .map((t) => t.textContent),
    ).toEqual(["Activités", "Utilisations", "Analyses", "Bon de travail", "Affectations", "Tableau de bord"])
    expect(list.style.overflowX).not.toBe("auto")
    // The list wraps (Mantine's own style); each tab is as wide as its label, the rows share out their room.
    for (const tab of within(list).getAllByRole("tab")) expect(tab.style.flex).toBe("1 1 auto")
  })

  it("deleting asks first and says it is permanent, with the box history and grants", async () => {
    await page(["seeMachines", "deleteMachine"])
    fireEvent.click(await screen.findByRole("button", { name: "Supprimer" }))
    const dialog = await screen.findByRole("dialog", { name: "Supprimer Tracteur 1 ?" })
    expect(within(dialog).getByText(/définitive : l'historique des boîtiers/)).toBeTruthy()
  })

  it("editing without manageMachine leaves the advanced parameters disabled with the hint", async () => {
    await page(["seeMachines", "editMachine"], true)
    const pause = (await screen.findByLabelText("Pause minimale (minutes)", {
      exact: false,
    })) as HTMLInputElement
    expect(pause.disabled).toBe(true)
    expect(pause.value).toBe("3")
    expect(screen.getByText("Droit requis : Gérer les machines")).toBeTruthy()
    expect((screen.getByLabelText("Nom", { exact: false }) as HTMLInputElement).disabled).toBe(false)
  })
})

describe("the maintenance dates", () => {
  const issue = "Date de mise en service"
  const measured = "Heures moteur relevées le"
  /** What a saved machine's maintenance dates were sent as: "YYYY-MM-DD" each, null for none. */
  const daysSent = (save: MachineSave | undefined) => {
    const m = save?.input.maintenance
    const iso = (d: DateTime.Utc | null | undefined) => (d ? DateTime.formatIso(d).slice(0, 10) : d)
    return [iso(m?.dateOfIssue), iso(m?.engineHoursMeasuredAt)]
  }

  it("adding: the days typed day first, with or without separators, are the ones sent, never day and month swapped", async () => {
    const sent: MachineSave[] = []
    await render(
      <MachineFormPage
        formMachine={formMachine(async (s) => {
          sent.push(s)
          return aMachine()
        })}
      />,
      [aCluster(["createMachine"])],
    )
    fireEvent.change(await screen.findByLabelText("Nom", { exact: false }), { target: { value: "Semoir" } })
    typeDate(issue, "03/11/2019")
    typeDate(measured, "15112026")
    expect([shownDate(issue), shownDate(measured)]).toEqual(["03/11/2019", "15/11/2026"])
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    await screen.findByText("Machine ajoutée")
    expect(daysSent(sent[0])).toEqual(["2019-11-03", "2026-11-15"])
  })

  /** The machine's page with its edit form open, for a structure with `rights`, the machine holding `maintenance`. */
  const renderEditing = (
    maintenance: Partial<Machine["maintenance"]>,
    rights: Parameters<typeof aCluster>[0],
    save: (s: MachineSave) => Promise<Machine> = async () => aMachine(),
  ) =>
    render(
      <MachinePage
        id={machineId}
        editing
        onEditing={() => {}}
        machine={withActors(machinePageMachine, {
          loadMachine: async () => ({
            machine: aMachine({
              maintenance: {
                dateOfIssue: null,
                totalDistanceKm: null,
                workingHours: null,
                engineHours: null,
                engineHoursMeasuredAt: null,
                ...maintenance,
              },
            }),
            access: [],
          }),
        })}
        formMachine={formMachine(save)}
      />,
      [aCluster(rights)],
    )

  it("editing: the machine's days show day first; one retyped with points is sent, one emptied is sent as none", async () => {
    const sent: MachineSave[] = []
    await renderEditing(
      {
        dateOfIssue: DateTime.unsafeMake("2021-03-15T00:00:00Z"),
        engineHours: 410,
        engineHoursMeasuredAt: DateTime.unsafeMake("2024-06-01T00:00:00Z"),
      },
      ["seeMachines", "editMachine"],
      async (s) => {
        sent.push(s)
        return aMachine()
      },
    )
    await screen.findByLabelText(issue)
    expect([shownDate(issue), shownDate(measured)]).toEqual(["15/03/2021", "01/06/2024"])
    typeDate(issue, "")
    typeDate(measured, "2.10.2026")
    expect([shownDate(issue), shownDate(measured)]).toEqual(["", "02/10/2026"])
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    await screen.findByText("Machine enregistrée")
    expect(sent[0]?.id).toBe(machineId)
    expect(daysSent(sent[0])).toEqual([null, "2026-10-02"])
  })

  it("without the edit right the days are shown but cannot be typed in", async () => {
    await renderEditing({ dateOfIssue: DateTime.unsafeMake("2021-03-15T00:00:00Z") }, ["seeMachines"])
    const input = (await screen.findByLabelText(issue)) as HTMLInputElement
    expect(input.value).toBe("15/03/2021")
    expect(input.disabled).toBe(true)
  })
})
