// Size: the cases of ClusterRightsTab share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { clusterRightsMachine, type DefaultsSave } from "../../machines/membership/clusterRights"
import { Forbidden } from "../../schema/errors"
import type { Member } from "../../schema/membership"
import type { Right } from "../../schema/rights"
import { withActors } from "../../testing/actors"
import { settledSession } from "../../testing/render"
import {
  aCluster,
  aMember,
  me,
  meSummary,
  pageMachine,
  paul,
  renderClusterPage,
} from "../../testing/renderCluster"
import { ClusterRightsTab } from "./ClusterRightsTab"
import { ClusterSection } from "./ClusterSection"

const members = [
  aMember(paul, ["seeMachines"]),
  aMember(meSummary, ["editCluster", "seeMachines", "bookMachine"]),
]

const open = async (
  myRights: ReadonlyArray<Right>,
  machine = withActors(clusterRightsMachine, { loadMembers: async () => members }),
) => {
  const { session } = await settledSession(me)
  return renderClusterPage({
    session,
    page: <ClusterSection id={aCluster([]).id} machine={pageMachine(aCluster(myRights))} />,
    tab: <ClusterRightsTab machine={machine} />,
    path: "ClustersRights",
  })
}
const switchOf = (prefix: string, label: string) =>
  (document.getElementById(`${prefix}-${label}`) as HTMLInputElement | null) ?? undefined

describe("rights screen", () => {
  it("shows the defaults grouped; a right the person does not hold is disabled whether on or off, with the right named", async () => {
    // Defaults hold seeMachines and bookMachine; the person holds bookMachine but not seeMachines.
    await open(["editCluster", "bookMachine"])
    expect(await screen.findByText("Droits des nouveaux membres")).toBeTruthy()
    for (const group of ["Structure", "Membres", "Machines", "Salariés", "Compteurs"])
      expect(screen.getAllByText(group).length).toBeGreaterThan(0)
    // Held: may be switched either way.
    expect(switchOf("defaults", "bookMachine")?.checked).toBe(true)
    expect(switchOf("defaults", "bookMachine")?.disabled).toBe(false)
    // Not held and on: cannot be taken away. Not held and off: cannot be given.
    expect(switchOf("defaults", "seeMachines")?.checked).toBe(true)
    expect(switchOf("defaults", "seeMachines")?.disabled).toBe(true)
    expect(switchOf("defaults", "deleteCluster")?.disabled).toBe(true)
    expect(screen.getAllByText("Droit requis : Voir les machines").length).toBeGreaterThan(0)
    expect(screen.getAllByText("Droit requis : Supprimer la structure").length).toBeGreaterThan(0)
    expect(
      screen.getAllByText("Vous ne pouvez donner ou retirer que les droits que vous détenez vous-même.")
        .length,
    ).toBeGreaterThan(0)
    // A member's right the person does not hold cannot be taken away from them either.
    await screen.findByLabelText("Membre")
    await waitFor(() => expect(switchOf("member", "seeMachines")?.checked).toBe(true))
    expect(switchOf("member", "seeMachines")?.disabled).toBe(true)
    expect(screen.getByText(/Les membres actuels gardent leurs droits/)).toBeTruthy()
  })

  it("without editCluster, every switch and save is disabled and the missing right is named", async () => {
    await open(["seeMachines"])
    expect(await screen.findByText("Droit requis : Modifier les informations de la structure")).toBeTruthy()
    expect(switchOf("defaults", "seeMachines")?.disabled).toBe(true)
    expect(
      (screen.getByRole("button", { name: "Enregistrer les droits par défaut" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)
    await screen.findByLabelText("Membre")
    expect(
      (screen.getByRole("button", { name: "Enregistrer les droits du membre" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)
  })

  it("saves the defaults for new members only, without asking, when the box is not ticked", async () => {
    const saved: DefaultsSave[] = []
    await open(
      ["editCluster", "seeMachines", "bookMachine"],
      clusterRightsMachine.provide({
        actors: {
          loadMembers: fromPromise(async (): Promise<ReadonlyArray<Member>> => members),
          saveDefaults: fromPromise(async ({ input }) => {
            saved.push(input)
            return aCluster(["editCluster"], { defaultRights: input.rights })
          }),
          saveMemberRights: fromPromise(() => new Promise(() => undefined)),
        },
      }),
    )
    fireEvent.click(
      await screen.findByLabelText("Réserver une machine", { selector: "#defaults-bookMachine" }),
    )
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les droits par défaut" }))
    expect(await screen.findByText("Droits par défaut enregistrés")).toBeTruthy()
    expect(saved).toEqual([{ clusterId: aCluster([]).id, rights: ["seeMachines"], applyToMembers: false }])
    expect(screen.queryByRole("dialog")).toBeNull()
  })

  it("applying the defaults to the other members asks first, saying what they get and that the person's own rights stay", async () => {
    const saved: DefaultsSave[] = []
    await open(
      ["editCluster", "seeMachines", "bookMachine"],
      clusterRightsMachine.provide({
        actors: {
          loadMembers: fromPromise(async (): Promise<ReadonlyArray<Member>> => members),
          saveDefaults: fromPromise(async ({ input }) => {
            saved.push(input)
            return aCluster(["editCluster"], { defaultRights: input.rights })
          }),
          saveMemberRights: fromPromise(() => new Promise(() => undefined)),
        },
      }),
    )
    await screen.findByLabelText("Membre")
    fireEvent.click(screen.getByLabelText("Appliquer aussi ces droits à tous les autres membres actuels"))
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les droits par défaut" }))
    const dialog = await screen.findByRole("dialog", { name: "Appliquer ces droits aux autres membres ?" })
    // Two members, the person among them: one other.
    expect(
      within(dialog).getByText(
        "1 autre membre recevra exactement ces droits ; tout autre droit lui sera retiré.",
      ),
    ).toBeTruthy()
    expect(within(dialog).getByText("Vos propres droits ne changent pas.")).toBeTruthy()
    expect(saved).toEqual([])
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(saved).toEqual([])
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les droits par défaut" }))
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Appliquer et enregistrer" }),
    )
    expect(await screen.findByText("Droits par défaut enregistrés")).toBeTruthy()
    expect(saved).toEqual([
      { clusterId: aCluster([]).id, rights: ["seeMachines", "bookMachine"], applyToMembers: true },
    ])
  })

  it("shows the server's refusal of a member's rights, translated", async () => {
    await open(
      ["editCluster", "seeMachines"],
      clusterRightsMachine.provide({
        actors: {
          loadMembers: fromPromise(async (): Promise<ReadonlyArray<Member>> => members),
          saveDefaults: fromPromise(() => new Promise(() => undefined)),
          saveMemberRights: fromPromise(() => Promise.reject(Forbidden.of("modificationNotAllowed"))),
        },
      }),
    )
    const select = (await screen.findByLabelText("Membre")) as HTMLSelectElement
    fireEvent.change(select, { target: { value: me.id } })
    await waitFor(() => expect(switchOf("member", "editCluster")?.checked).toBe(true))
    fireEvent.click(switchOf("member", "editCluster") as HTMLInputElement)
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer les droits du membre" }))
    expect(await screen.findByText("Cette modification n'est pas autorisée")).toBeTruthy()
  })
})
