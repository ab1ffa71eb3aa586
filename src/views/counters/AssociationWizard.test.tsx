// Size: the cases of AssociationWizard share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import {
  type Association,
  associationWizardMachine,
  clampStep,
} from "../../machines/counters/associationWizard"
import { ClusterId, Conflict, type CounterAssociation } from "../../schema"
import type { Right } from "../../schema/rights"
import { withActors } from "../../testing/actors"
import { aCounter, anAssociation, clusterId, renderWith, sprayer, tractor } from "../../testing/counters"
import { shownDateTime, typeDateTime } from "../../testing/dateTime"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { aCluster } from "../../testing/renderCluster"
import { MyClustersContext } from "../common/clusterContexts"
import { AssociationWizard } from "./AssociationWizard"

/** The wizard with its calls answered: boxes, machines, and `associate` as given. */
const open = async (
  associate: (a: Association) => Promise<CounterAssociation>,
  rights: ReadonlyArray<Right> = ["editCounters", "seeMachines"],
) => {
  const sent: Association[] = []
  const machine = withActors(associationWizardMachine, {
    loadCounters: async () => [aCounter()],
    loadMachines: async () => [tractor, sprayer],
  })
  const live = machine.provide({
    actors: {
      associate: fromPromise<CounterAssociation, Association>(({ input }) => {
        sent.push(input)
        return associate(input)
      }),
    },
  })
  await renderWith(<AssociationWizard machine={live} />, rights)
  await screen.findByText("Étape 1 sur 2")
  return sent
}

const next = () => fireEvent.click(screen.getByRole("button", { name: "Continuer" }))
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Associer" }))
const set = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })

const toStepTwo = async () => {
  set("Structure", clusterId)
  set("Boîtier", "box-001")
  next()
  await screen.findByText("Étape 2 sur 2")
  // Step 2 reminds which box, in which structure, the person is placing.
  expect(screen.getByText("Boîtier BOX-001 · Structure : CUMA des Prés")).toBeTruthy()
}

describe("the association wizard", () => {
  it("keeps its step counter within 1..2", () => {
    expect([clampStep(-1), clampStep(0), clampStep(1), clampStep(2), clampStep(3)]).toEqual([1, 1, 1, 2, 2])
  })

  it("step 1 asks for the structure and the box, in French, and stays on step 1", async () => {
    await open(async () => anAssociation(null))
    set("Structure", "")
    next()
    expect(screen.getByText("Veuillez sélectionner la structure rattachée à ce boîtier")).toBeTruthy()
    expect(screen.getByText("Veuillez renseigner un compteur avant de continuer")).toBeTruthy()
    expect(screen.getByText("Étape 1 sur 2")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Retour" })).toBeNull()
  })

  it("step 1 says an unknown box does not exist", async () => {
    await open(async () => anAssociation(null))
    set("Structure", clusterId)
    set("Boîtier", "BOX-999")
    next()
    expect(await screen.findByText("Cette selection n'existe pas")).toBeTruthy()
    expect(screen.getByText("Étape 1 sur 2")).toBeTruthy()
  })

  it("step 2 proposes now, to the minute, as the start", async () => {
    const before = Date.now()
    await open(async () => anAssociation(null))
    await toStepTwo()
    const after = Date.now()
    const { day, time } = shownDateTime("Date de début")
    const [d, m, y] = day.split("/").map(Number)
    const [h, min] = time.split(":").map(Number)
    const shown = new Date(y ?? 0, (m ?? 1) - 1, d, h, min).getTime()
    expect(shown).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000)
    expect(shown).toBeLessThanOrEqual(after)
  })

  it("step 2 asks for the machine and the start date, then an end after the start; back keeps step 1's choices", async () => {
    const sent = await open(async () => anAssociation(null))
    await toStepTwo()
    expect(screen.queryByRole("button", { name: "Continuer" })).toBeNull()
    typeDateTime("Date de début", "")
    submit()
    expect(screen.getAllByText("Le champ est obligatoire")).toHaveLength(2)
    set("Machine", tractor.id)
    typeDateTime("Date de début", "2026-06-02T08:00")
    typeDateTime("Date de fin (facultative)", "2026-06-01T08:00")
    submit()
    expect(screen.getByText("La Date de fin DOIT être strictement après la date de début.")).toBeTruthy()
    expect(screen.queryByText("Le champ est obligatoire")).toBeNull()
    expect(sent).toEqual([])
    fireEvent.click(screen.getByRole("button", { name: "Retour" }))
    expect(await screen.findByText("Étape 1 sur 2")).toBeTruthy()
    expect((screen.getByLabelText("Boîtier", { exact: false }) as HTMLInputElement).value).toBe("box-001")
  })

  it("shows the server's overlap refusal on step 2", async () => {
    await open(async () => {
      throw Conflict.of("associationOverlap")
    })
    await toStepTwo()
    set("Machine", sprayer.id)
    typeDateTime("Date de début", "2026-06-02T08:00")
    submit()
    expect(
      await screen.findByText("Ce boîtier est déjà associé à une machine sur cette période"),
    ).toBeTruthy()
    expect(screen.getByText("Étape 2 sur 2")).toBeTruthy()
  })

  it("creates the association and says which box is on which machine", async () => {
    const sent = await open(async (a) =>
      anAssociation(null, { machines: [sprayer], start_date: a.start_date }),
    )
    await toStepTwo()
    set("Machine", sprayer.id)
    typeDateTime("Date de début", "2026-06-02T08:00")
    submit()
    expect(await screen.findByText("Le boîtier BOX-001 est posé sur Pulvérisateur.")).toBeTruthy()
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      counter: "BOX-001",
      cluster: clusterId,
      machine: sprayer.id,
      end_date: null,
    })
    expect(sent[0]?.start_date.epochMillis).toBe(new Date("2026-06-02T08:00").getTime())
    fireEvent.click(screen.getByRole("button", { name: "Poser un autre boîtier" }))
    expect(await screen.findByText("Étape 1 sur 2")).toBeTruthy()
  })

  it("without editCounters in the chosen structure, Continuer is disabled and says which right is missing", async () => {
    await open(async () => anAssociation(null), ["seeMachines"])
    set("Structure", clusterId)
    expect((screen.getByRole("button", { name: "Continuer" }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("Droit requis : Modifier les compteurs")).toBeTruthy()
  })

  describe("the structure", () => {
    const other = ClusterId.make("00000000-0000-4000-8000-0000000000c2")
    /** The wizard for a person in CUMA des Prés (rights as given) and in a second structure. */
    const openIn = async (prés: ReadonlyArray<Right>, second: ReadonlyArray<Right>) => {
      const machine = withActors(associationWizardMachine, {
        loadCounters: async () => [aCounter()],
        loadMachines: async () => [tractor],
      })
      const clusters = [aCluster(prés), aCluster(second, { id: other, name: "GAEC du Moulin" })]
      const { session } = await settledSession(aUser())
      await renderScreen(
        <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>
          <AssociationWizard machine={machine} />
        </MyClustersContext.Provider>,
        { session },
      )
      await screen.findByText("Étape 1 sur 2")
    }
    const structure = () => screen.getByLabelText("Structure", { exact: false }) as HTMLSelectElement

    it("is chosen already when the person may place boxes in exactly one structure", async () => {
      await openIn(["editCounters", "seeMachines"], ["seeMachines"])
      expect(structure().value).toBe(clusterId)
      set("Boîtier", "box-001")
      next()
      expect(await screen.findByText("Boîtier BOX-001 · Structure : CUMA des Prés")).toBeTruthy()
    })

    it("is left to choose when the person may place boxes in several structures", async () => {
      await openIn(["editCounters"], ["editCounters"])
      expect(structure().value).toBe("")
      set("Structure", other)
      expect(structure().value).toBe(other)
    })
  })
})
