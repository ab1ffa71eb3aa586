// Size: the cases of ClusterAddPage share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type ClusterSave, clusterFormMachine } from "../../machines/membership/clusterForm"
import { joinClusterMachine } from "../../machines/membership/joinCluster"
import { ClusterDirectoryEntry, ClusterId } from "../../schema"
import { withActors } from "../../testing/actors"
import { renderScreen, settledSession } from "../../testing/render"
import { aCluster, clusterId, me } from "../../testing/renderCluster"
import { MyClustersContext } from "../common/clusterContexts"
import { ClusterAddPage } from "./ClusterAddPage"

const neverJoins = withActors(joinClusterMachine)

const render = async (formMachine = withActors(clusterFormMachine), joinMachine = neverJoins) => {
  const { session } = await settledSession(me)
  const refreshes: number[] = []
  const view = await renderScreen(
    <MyClustersContext.Provider value={{ clusters: [], refresh: () => refreshes.push(1) }}>
      <ClusterAddPage formMachine={formMachine} joinMachine={joinMachine} />
    </MyClustersContext.Provider>,
    { session, path: "/clusters/add" },
  )
  return { ...view, refreshes }
}
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } })
const optionsOf = (label: RegExp) =>
  [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.textContent)

describe("creating a structure", () => {
  it("offers the kinds of the chosen type only", async () => {
    await render()
    expect(optionsOf(/^Type/)).toEqual(["Exploitation agricole"])
    fireEvent.change(screen.getByLabelText(/^Catégorie/), { target: { value: "sharing" } })
    expect(optionsOf(/^Type/)).toEqual(["CUMA", "Mise en commun"])
    fireEvent.change(screen.getByLabelText(/^Catégorie/), { target: { value: "farm" } })
    expect(optionsOf(/^Type/)).toEqual([
      "Concessionnaire",
      "Constructeur",
      "Entreprise",
      "Prestataire de services",
    ])
  })

  it("marks the missing name and address fields and sends nothing", async () => {
    const sent: ClusterSave[] = []
    await render(
      clusterFormMachine.provide({
        actors: {
          saveCluster: fromPromise(async ({ input }) => {
            sent.push(input)
            return aCluster([])
          }),
        },
      }),
    )
    fireEvent.click(screen.getByRole("button", { name: "Créer la structure" }))
    expect(await screen.findAllByText("Le champ est obligatoire")).toHaveLength(4)
    expect(screen.getByText("Champs requis")).toBeTruthy()
    expect(sent).toEqual([])
  })

  it("creates the structure, refreshes the menu and opens its page", async () => {
    const sent: ClusterSave[] = []
    const { router, refreshes } = await render(
      clusterFormMachine.provide({
        actors: {
          saveCluster: fromPromise(async ({ input }) => {
            sent.push(input)
            return aCluster([])
          }),
        },
      }),
    )
    type(/^Nom\W*$/, "CUMA des Prés")
    fireEvent.change(screen.getByLabelText(/^Catégorie/), { target: { value: "sharing" } })
    type(/^Numéro et rue/, "1 rue du Moulin")
    type(/^Code postal/, "35000")
    type(/^Ville/, "Rennes")
    fireEvent.click(screen.getByRole("button", { name: "Créer la structure" }))
    await waitFor(() => expect(router.state.location.pathname).toBe(`/clusters/${clusterId}`))
    expect(refreshes).toHaveLength(1)
    expect(sent).toHaveLength(1)
    expect(sent[0]?.id).toBeNull()
    expect(sent[0]?.input).toMatchObject({
      name: "CUMA des Prés",
      type: "sharing",
      kind: "cuma",
      vatNumber: null,
    })
    expect(sent[0]?.input.address.city).toBe("Rennes")
  })
})

describe("joining a structure", () => {
  const entry = (id: string, name: string, mine: "member" | "requested" | "none") =>
    new ClusterDirectoryEntry({
      id: ClusterId.make(id),
      name,
      type: "sharing",
      kind: "cuma",
      city: "Rennes",
      mine,
    })
  const found = [
    entry("00000000-0000-4000-8000-0000000000d1", "CUMA de la Vallée", "none"),
    entry("00000000-0000-4000-8000-0000000000d2", "CUMA des Prés", "member"),
  ]

  it("asks for 2 characters before searching", async () => {
    const searched: string[] = []
    await render(
      undefined,
      withActors(joinClusterMachine, {
        searchDirectory: async () => {
          searched.push("q")
          return found
        },
      }),
    )
    type(/^Nom de la structure/, " c ")
    fireEvent.click(screen.getByRole("button", { name: "Rechercher" }))
    expect(await screen.findByText("Saisissez au moins 2 caractères")).toBeTruthy()
    expect(searched).toEqual([])
  })

  it("shows each result's city and the person's standing, and sends a request with the chosen role", async () => {
    const asked: unknown[] = []
    await render(
      undefined,
      joinClusterMachine.provide({
        actors: {
          searchDirectory: fromPromise<ReadonlyArray<ClusterDirectoryEntry>, string>(async () => found),
          requestToJoin: fromPromise(async ({ input }) => {
            asked.push(input)
            return undefined as never
          }),
        },
      }),
    )
    type(/^Nom de la structure/, "cuma")
    fireEvent.click(screen.getByRole("button", { name: "Rechercher" }))
    const vallee = (await screen.findByText("CUMA de la Vallée")).closest("li") as HTMLElement
    expect(within(vallee).getByText("CUMA · Rennes")).toBeTruthy()
    const pres = screen.getByText("CUMA des Prés").closest("li") as HTMLElement
    expect(within(pres).getByText("Vous en êtes membre")).toBeTruthy()
    fireEvent.change(screen.getByLabelText("Rôle demandé"), { target: { value: "partner" } })
    fireEvent.click(within(vallee).getByRole("button", { name: /Demander à rejoindre/ }))
    expect(await within(vallee).findByText("Demande en attente")).toBeTruthy()
    expect(screen.getByRole("status").textContent).toContain("Demande envoyée")
    expect(asked).toEqual([{ clusterId: found[0]?.id, role: "partner" }])
  })
})
