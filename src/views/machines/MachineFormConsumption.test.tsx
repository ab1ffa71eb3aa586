import { fireEvent, screen } from "@testing-library/react"
import type { ReactNode } from "react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type MachineSave, machineFormMachine } from "../../machines/fleet/machineForm"
import { machinePageMachine } from "../../machines/fleet/machinePage"
import type { SensorsRead } from "../../machines/telemetry/sensors.actors"
import type { Cluster, Machine, Member } from "../../schema"
import type { MachineId } from "../../schema/ids"
import type { Right } from "../../schema/rights"
import { withActors } from "../../testing/actors"
import { aMachine, catalogue, machineId } from "../../testing/machines"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { aCluster } from "../../testing/renderCluster"
import { MyClustersContext } from "../common/clusterContexts"
import { MachineFormPage } from "./MachineFormPage"
import { MachinePage } from "./MachinePage"

const render = async (ui: ReactNode, clusters: ReadonlyArray<Cluster>) => {
  const { session } = await settledSession(aUser())
  return renderScreen(
    <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>{ui}</MyClustersContext.Provider>,
    { session },
  )
}
const formMachine = (sent: MachineSave[]) =>
  machineFormMachine.provide({
    actors: {
      loadCatalogue: fromPromise(async () => catalogue),
      loadMembers: fromPromise(async (): Promise<ReadonlyArray<Member>> => []),
      saveMachine: fromPromise<Machine, MachineSave>(async ({ input }) => {
        sent.push(input)
        return aMachine()
      }),
    },
  })
const unit = () => screen.getByRole("combobox", { name: "Consommation de référence" }) as HTMLSelectElement
const rate = () => screen.getByLabelText(/^Litres/) as HTMLInputElement
const comma = "Les nombres décimaux s'écrivent avec un point, pas une virgule (par exemple 3.5)"

const editing = (rights: ReadonlyArray<Right>, machine: Partial<Machine>, sent: MachineSave[]) =>
  render(
    <MachinePage
      id={machineId}
      editing
      onEditing={() => {}}
      machine={withActors(machinePageMachine, {
        loadMachine: async () => ({ machine: aMachine(machine), access: [] }),
      })}
      formMachine={formMachine(sent)}
      sensors={fromPromise<SensorsRead, MachineId>(async () => ({ devices: [] }))}
    />,
    [aCluster(rights)],
  )

describe("the reference consumption in the machine form", () => {
  it("the machine page's advanced parameters say it, in the page's number format, or none", async () => {
    await render(
      <MachinePage
        id={machineId}
        editing={false}
        onEditing={() => {}}
        machine={withActors(machinePageMachine, {
          loadMachine: async () => ({
            machine: aMachine({ consumption: { unit: "litresPerHour", rate: 18.5 } }),
            access: [],
          }),
        })}
        formMachine={formMachine([])}
        sensors={fromPromise<SensorsRead, MachineId>(async () => ({ devices: [] }))}
      />,
      [aCluster(["seeMachines"])],
    )
    const term = await screen.findByText("Consommation de référence", { selector: "dt" })
    expect(term.nextElementSibling?.textContent).toBe("18,5 L/h")
  })

  it("adding: none by default; per hour with a decimal point is sent, a comma is flagged and nothing sent", async () => {
    const sent: MachineSave[] = []
    await render(<MachineFormPage formMachine={formMachine(sent)} />, [
      aCluster(["createMachine", "manageMachine"]),
    ])
    fireEvent.change(await screen.findByLabelText("Nom", { exact: false }), { target: { value: "Tracteur" } })
    expect(
      screen.getByText(/seulement quand la machine ne donne pas sa consommation par le bus CAN/),
    ).toBeTruthy()
    expect([unit().value, rate().disabled]).toEqual(["", true])
    expect([...unit().options].map((o) => o.text)).toEqual(["Aucune", "L/h", "L/ha"])
    fireEvent.change(unit(), { target: { value: "litresPerHour" } })
    expect(rate().disabled).toBe(false)
    fireEvent.change(rate(), { target: { value: "18,5" } })
    expect(rate().getAttribute("aria-invalid")).toBe("true")
    expect(screen.getAllByText(comma)).toHaveLength(1)
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    expect(sent).toEqual([])
    fireEvent.change(rate(), { target: { value: "18.5" } })
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    await screen.findByText("Machine ajoutée")
    expect(sent[0]?.input.consumption).toEqual({ unit: "litresPerHour", rate: 18.5 })
  })

  it("adding: a unit without a rate asks for the rate; no unit sends none", async () => {
    const sent: MachineSave[] = []
    await render(<MachineFormPage formMachine={formMachine(sent)} />, [
      aCluster(["createMachine", "manageMachine"]),
    ])
    fireEvent.change(await screen.findByLabelText("Nom", { exact: false }), { target: { value: "Tracteur" } })
    fireEvent.change(unit(), { target: { value: "litresPerHectare" } })
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    await screen.findAllByText("Le champ est obligatoire")
    expect(rate().getAttribute("aria-invalid")).toBe("true")
    expect(sent).toEqual([])
    fireEvent.change(unit(), { target: { value: "" } })
    fireEvent.click(screen.getByRole("button", { name: "Ajouter la machine" }))
    await screen.findByText("Machine ajoutée")
    expect(sent[0]?.input.consumption).toBeNull()
  })

  it("editing: the machine's rate is shown; a manager changes it, one without manageMachine cannot and sends none", async () => {
    const sent: MachineSave[] = []
    const machine = { consumption: { unit: "litresPerHectare", rate: 12 } } as const
    await editing(["seeMachines", "editMachine", "manageMachine"], machine, sent)
    await screen.findByLabelText("Nom", { exact: false })
    expect([unit().value, rate().value, rate().disabled]).toEqual(["litresPerHectare", "12", false])
    expect(screen.getByLabelText("Litres (L/ha)")).toBe(rate())
    fireEvent.change(rate(), { target: { value: "14.5" } })
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    await screen.findByText("Machine enregistrée")
    expect(sent[0]?.input.consumption).toEqual({ unit: "litresPerHectare", rate: 14.5 })
  })

  it("editing without manageMachine: shown greyed, left out of what is sent", async () => {
    const sent: MachineSave[] = []
    await editing(["seeMachines", "editMachine"], { consumption: { unit: "litresPerHour", rate: 20 } }, sent)
    await screen.findByLabelText("Nom", { exact: false })
    expect([unit().value, unit().disabled, rate().value, rate().disabled]).toEqual([
      "litresPerHour",
      true,
      "20",
      true,
    ])
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    await screen.findByText("Machine enregistrée")
    expect(sent[0]?.input).not.toHaveProperty("consumption")
  })
})
