import { fireEvent, screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type AccessSave, machineAccessMachine } from "../../machines/fleet/machineAccess"
import { MachineId, MachineSummary, UserAccess } from "../../schema"
import { Forbidden } from "../../schema/errors"
import type { Right } from "../../schema/rights"
import { settledSession } from "../../testing/render"
import {
  aCluster,
  clusterId,
  me,
  meSummary,
  pageMachine,
  paul,
  renderClusterPage,
} from "../../testing/renderCluster"
import { ClusterMachinesTab } from "./ClusterMachinesTab"
import { ClusterSection } from "./ClusterSection"

const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur 1",
  cluster: { id: clusterId, name: "CUMA des Prés" },
})
const rows = [
  new UserAccess({ user: paul, grants: ["booking"] }),
  new UserAccess({ user: meSummary, grants: [] }),
]

const open = async (myRights: ReadonlyArray<Right>, save: (s: AccessSave) => Promise<UserAccess>) => {
  const { session } = await settledSession(me)
  const view = await renderClusterPage({
    session,
    page: <ClusterSection id={clusterId} machine={pageMachine(aCluster(myRights))} />,
    tab: (
      <ClusterMachinesTab
        machine={machineAccessMachine.provide({
          actors: {
            loadMachines: fromPromise(async (): Promise<ReadonlyArray<MachineSummary>> => [tractor]),
            loadAccess: fromPromise(async (): Promise<ReadonlyArray<UserAccess>> => rows),
            saveAccess: fromPromise(({ input }) => save(input)),
          },
        })}
      />
    ),
    path: "ClustersMachines",
  })
  fireEvent.click(await screen.findByRole("button", { name: "Accès : Tracteur 1" }))
  return { ...view, dialog: await screen.findByRole("dialog", { name: "Accès à Tracteur 1" }) }
}

describe("structure machines", () => {
  it("without seeMachines says so: only machines the person holds a grant on are listed", async () => {
    await open([], () => new Promise(() => undefined))
    expect(screen.getByText("Droit requis : Voir les machines")).toBeTruthy()
  })

  it("lists the machines, and without manageMachine shows grants disabled with the hint", async () => {
    const { dialog } = await open(["seeMachines"], () => new Promise(() => undefined))
    expect(screen.queryByText("Droit requis : Voir les machines")).toBeNull()
    expect(await within(dialog).findByText("Droit requis : Gérer les machines")).toBeTruthy()
    const paulBooking = within(dialog).getByRole("switch", {
      name: "Réservation : Durand Paul",
    }) as HTMLInputElement
    expect(paulBooking.checked).toBe(true)
    expect(paulBooking.disabled).toBe(true)
    expect(within(dialog).getByText("Moreau Jeanne (vous)")).toBeTruthy()
  })

  it("lets a machine manager change a person's grants, and shows a refusal translated", async () => {
    const sent: AccessSave[] = []
    const { dialog } = await open(["seeMachines", "manageMachine"], async (s) => {
      sent.push(s)
      if (s.userId === meSummary.id) throw Forbidden.of("associationNotAllowed")
      return new UserAccess({ user: paul, grants: s.grants })
    })
    fireEvent.click(await within(dialog).findByRole("switch", { name: "Gestion : Durand Paul" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer : Durand Paul" }))
    expect(await within(dialog).findByText("Accès enregistrés")).toBeTruthy()
    expect(sent).toEqual([{ machineId: tractor.id, userId: paul.id, grants: ["booking", "management"] }])
    fireEvent.click(within(dialog).getByRole("switch", { name: "Réservation : Moreau Jeanne (vous)" }))
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer : Moreau Jeanne (vous)" }))
    expect(await within(dialog).findByText("Cette association n'est pas autorisee")).toBeTruthy()
  })
})
