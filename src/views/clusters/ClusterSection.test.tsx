import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { clusterFormMachine } from "../../machines/membership/clusterForm"
import { NotFound } from "../../schema"
import { Forbidden } from "../../schema/errors"
import { withActors } from "../../testing/actors"
import { settledSession } from "../../testing/render"
import { aCluster, clusterId, me, pageMachine, renderClusterPage } from "../../testing/renderCluster"
import { ClusterInfoTab } from "./ClusterInfoTab"
import { ClusterSection } from "./ClusterSection"

const neverSaves = withActors(clusterFormMachine)

const open = async (page: ReturnType<typeof pageMachine>) => {
  const { session } = await settledSession(me)
  return renderClusterPage({
    session,
    page: <ClusterSection id={clusterId} machine={page} />,
    tab: <ClusterInfoTab machine={neverSaves} />,
  })
}

describe("structure page", () => {
  it("says plainly that a structure which is not the person's is not found", async () => {
    await open(pageMachine(() => Promise.reject(NotFound.of())))
    expect(await screen.findByRole("heading", { level: 1, name: "Structure introuvable" })).toBeTruthy()
    expect(screen.getByText("Cette structure n'existe pas ou vous n'en êtes pas membre.")).toBeTruthy()
    expect(screen.getByRole("link", { name: "Retour à l'accueil" })).toBeTruthy()
  })

  it("heads the page with the structure's name (its one h1), type and kind, above its four tabs", async () => {
    await open(pageMachine(aCluster(["editCluster"])))
    expect(await screen.findByRole("heading", { level: 1, name: "CUMA des Prés" })).toBeTruthy()
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1)
    const header = screen.getByText("3 membres").parentElement as HTMLElement
    expect(within(header).getByText("Partage de matériel")).toBeTruthy()
    expect(within(header).getByText("CUMA")).toBeTruthy()
    // Short visible labels, so the four fit a 360 px phone; each keeps its full accessible name.
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Structure",
      "Machines",
      "Membres",
      "Droits",
    ])
    for (const tab of [
      "Structure",
      "Machines de la structure",
      "Membres de la structure",
      "Droits des membres",
    ])
      expect(screen.getByRole("tab", { name: tab })).toBeTruthy()
  })

  it("without editCluster shows the information as plain text, not greyed inputs, and says which right is missing", async () => {
    await open(pageMachine(aCluster(["seeMachines"], { description: "Matériel partagé\nentre voisins" })))
    const identity = await screen.findByRole("region", { name: "La structure" })
    const fact = (label: string) => within(identity).getByText(label).nextElementSibling?.textContent
    expect(fact("Nom")).toBe("CUMA des Prés")
    expect(fact("Catégorie")).toBe("Partage de matériel")
    expect(fact("Type")).toBe("CUMA")
    expect(fact("Numéro de TVA")).toBe("Non renseigné")
    expect(fact("Description")).toBe("Matériel partagé\nentre voisins")
    const address = screen.getByRole("region", { name: "Adresse" })
    for (const line of ["1 rue du Moulin", "35000 Rennes", "France"])
      expect(within(address).getByText(line)).toBeTruthy()
    // No form at all: nothing greyed out to squint at.
    expect(screen.queryAllByRole("textbox")).toHaveLength(0)
    expect(screen.queryByRole("button", { name: "Enregistrer" })).toBeNull()
    expect(screen.getByText("Droit requis : Modifier les informations de la structure")).toBeTruthy()
    const remove = screen.getByRole("button", { name: "Supprimer la structure" }) as HTMLButtonElement
    expect(remove.disabled).toBe(true)
    expect(screen.getByText("Droit requis : Supprimer la structure")).toBeTruthy()
  })

  it("with editCluster shows the information as an editable form", async () => {
    await open(pageMachine(aCluster(["editCluster"])))
    const name = (await screen.findByLabelText(/^Nom/)) as HTMLInputElement
    expect(name.disabled).toBe(false)
    expect(name.value).toBe("CUMA des Prés")
    expect((screen.getByRole("button", { name: "Enregistrer" }) as HTMLButtonElement).disabled).toBe(false)
    expect(screen.queryByText("Droit requis : Modifier les informations de la structure")).toBeNull()
  })

  it("asks before deleting, saying what goes with the structure, then goes home and refreshes the menu", async () => {
    let deleted = 0
    const { router, refreshes } = await open(
      pageMachine(aCluster(["editCluster", "deleteCluster"]), async () => {
        deleted += 1
      }),
    )
    fireEvent.click(await screen.findByRole("button", { name: "Supprimer la structure" }))
    const dialog = await screen.findByRole("dialog", { name: "Supprimer CUMA des Prés ?" })
    expect(within(dialog).getByText("3 membres perdront l'accès à la structure.")).toBeTruthy()
    expect(
      within(dialog).getByText("Les invitations et les demandes d'adhésion en cours sont annulées."),
    ).toBeTruthy()
    expect(
      within(dialog).getByText("Ses machines sont supprimées, avec les accès qui y sont donnés."),
    ).toBeTruthy()
    expect(within(dialog).getByText("Cette suppression est définitive.")).toBeTruthy()
    expect(deleted).toBe(0)
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"))
    expect(deleted).toBe(1)
    expect(refreshes.length).toBeGreaterThan(0)
  })

  it("shows a refused deletion in the confirmation, translated", async () => {
    const { router } = await open(
      pageMachine(aCluster(["deleteCluster"]), () => Promise.reject(Forbidden.of())),
    )
    fireEvent.click(await screen.findByRole("button", { name: "Supprimer la structure" }))
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }))
    expect(
      await within(dialog).findByText("Vous ne possédez pas les droits pour effectuer ceci."),
    ).toBeTruthy()
    expect(router.state.location.pathname).toBe(`/clusters/${clusterId}`)
  })
})
