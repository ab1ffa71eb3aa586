import { act, fireEvent, screen, within } from "@testing-library/react"
import { type ReactNode, useState } from "react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type MachineSave, machineFormMachine } from "../../machines/machineForm"
import { machineListMachine } from "../../machines/machineList"
import { machinePageMachine } from "../../machines/machinePage"
import { withActors } from "../../machines/testing"
import { BadRequest, type Cluster, type Machine, type Member } from "../../schema"
import type { Right } from "../../schema/rights"
import { MyClustersContext } from "../clusters/contexts"
import { aCluster, clusterId } from "../clusters/testing"
import { aUser, renderScreen, settledSession } from "../test-utils"
import { MachineFormPage } from "./MachineFormPage"
import { MachineListPage } from "./MachineListPage"
import { MachinePage } from "./MachinePage"
import { MachineLaterTab } from "./MachineTabs"
import { aMachine, aSummary, catalogue, harvesters, machineId, tractors } from "./testData"

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

  // Names follow the browser's language (SPEC §9): the test browser speaks en-US, so the defaults show.
  it("offers the types of the chosen category only, and forgets a type of another category", async () => {
    await render(<MachineFormPage formMachine={formMachine(async () => aMachine())} />, [
      aCluster(["createMachine"]),
    ])
    const type = () => screen.getByLabelText("Type", { exact: true }) as HTMLSelectElement
    await screen.findByLabelText("Catégorie")
    expect(type().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText("Catégorie"), { target: { value: tractors.id } })
    const options = () => [...type().options].map((o) => o.textContent)
    expect(options()).toEqual(["—", "4WD tractor"])
    fireEvent.change(type(), { target: { value: tractors.types[0]?.id } })
    fireEvent.change(screen.getByLabelText("Catégorie"), { target: { value: harvesters.id } })
    expect(options()).toEqual(["—", "Combine"])
    expect(type().value).toBe("")
  })

  it("when the person's structures arrive after the form opened, the machine goes to the first they may add to", async () => {
    const sent: MachineSave[] = []
    let arrive: () => void = () => {}
    const Late = () => {
      const [clusters, setClusters] = useState<ReadonlyArray<Cluster> | null>(null)
      arrive = () => setClusters([aCluster(["createMachine"])])
      return (
        <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>
          <MachineFormPage
            formMachine={formMachine(async (s) => {
              sent.push(s)
              return aMachine()
            })}
          />
        </MyClustersContext.Provider>
      )
    }
    await render(<Late />, [])
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
  const page = (myRights: ReadonlyArray<Right>, editing = false) =>
    render(
      <MachinePage
        id={machineId}
        editing={editing}
        onEditing={() => {}}
        machine={withActors(machinePageMachine, {
          loadMachine: async () => ({ machine: aMachine(), access: [] }),
        })}
        formMachine={formMachine(async () => aMachine())}
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

describe("tabs later work fills", () => {
  it("say what comes and with what", async () => {
    await render(<MachineLaterTab tab="usages" />, [])
    expect(await screen.findByText(/arrivera avec les activités/)).toBeTruthy()
  })
})
