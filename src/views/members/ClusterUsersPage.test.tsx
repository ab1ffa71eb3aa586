// Size: the cases of ClusterUsersPage share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { invitationMachine } from "../../machines/membership/invitation"
import { inviteMachine } from "../../machines/membership/invite"
import { membersMachine } from "../../machines/membership/members"
import { membershipRequestMachine } from "../../machines/membership/membershipRequest"
import type { Cluster } from "../../schema/cluster"
import { Conflict, Forbidden } from "../../schema/errors"
import type { ClusterPeople } from "../../schema/membership"
import { type Invitation, MembershipRequest } from "../../schema/membership"
import type { Right } from "../../schema/rights"
import { withActors } from "../../testing/actors"
import { aCluster, invitation, jeanne, lucie, member, paul, request } from "../../testing/members"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { ClusterPageContext, MyClustersContext } from "../common/clusterContexts"
import { type ClusterUsersMachines, ClusterUsersPage } from "./ClusterUsersPage"

const people = (over: Partial<ClusterPeople> = {}): ClusterPeople => ({
  // The server's order is not the label order: the view shows them sorted.
  members: [member(paul, "partner"), member(lucie, "employee"), member(jeanne)],
  invitations: [invitation(1, "sent"), invitation(2, "accepted", "zoe@example.org")],
  requests: [request()],
  ...over,
})

interface Calls {
  loads: number
  removed: unknown[]
  invited: unknown[]
  cancelled: unknown[]
  accepted: unknown[]
  refreshes: number
  myClustersRefreshes: number
}

const setup = async ({
  rights,
  load = async () => people(),
  remove = async () => undefined,
  invite,
  cancel,
  accept,
}: {
  rights?: ReadonlyArray<Right>
  load?: () => Promise<ClusterPeople>
  remove?: () => Promise<void>
  invite?: () => Promise<Invitation>
  cancel?: () => Promise<Invitation>
  accept?: () => Promise<MembershipRequest>
} = {}) => {
  const calls: Calls = {
    loads: 0,
    removed: [],
    invited: [],
    cancelled: [],
    accepted: [],
    refreshes: 0,
    myClustersRefreshes: 0,
  }
  const never = () => new Promise<never>(() => undefined)
  const machines: ClusterUsersMachines = {
    members: withActors(membersMachine).provide({
      actors: {
        loadPeople: fromPromise(() => {
          calls.loads++
          return load()
        }),
        removeMember: fromPromise(({ input }) => {
          calls.removed.push(input)
          return remove()
        }),
      },
    }),
    invite: withActors(inviteMachine).provide({
      actors: {
        invite: fromPromise(({ input }) => {
          calls.invited.push(input)
          return (invite ?? never)()
        }),
      },
    }),
    invitation: withActors(invitationMachine).provide({
      actors: {
        cancelInvitation: fromPromise(({ input }) => {
          calls.cancelled.push(input.id)
          return (cancel ?? never)()
        }),
      },
    }),
    membershipRequest: withActors(membershipRequestMachine).provide({
      actors: {
        acceptRequest: fromPromise(({ input }) => {
          calls.accepted.push(input.id)
          return (accept ?? never)()
        }),
      },
    }),
  }
  const cluster: Cluster = aCluster(rights)
  const { session } = await settledSession(aUser())
  const view = await renderScreen(
    <MyClustersContext.Provider value={{ clusters: [cluster], refresh: () => calls.myClustersRefreshes++ }}>
      <ClusterPageContext.Provider value={{ cluster, refresh: () => calls.refreshes++ }}>
        <ClusterUsersPage machines={machines} />
      </ClusterPageContext.Provider>
    </MyClustersContext.Provider>,
    { session, path: "/clusters/c1/ClusterUsers" },
  )
  await screen.findByText("Moreau Jeanne (Vous)")
  return { calls, ...view }
}

const membersList = () => within(screen.getByRole("region", { name: "Membres" })).getAllByRole("listitem")
const button = (name: string | RegExp) => screen.getByRole("button", { name }) as HTMLButtonElement

describe("ClusterUsers tab", () => {
  it("lists the members sorted by label with their role", async () => {
    await setup()
    const rows = membersList().map((row) => row.textContent)
    expect(rows[0]).toContain("bernard Lucie")
    expect(rows[0]).toContain("Salarié")
    expect(rows[1]).toContain("GAEC des Prés - (Durand Paul)")
    expect(rows[1]).toContain("Partenaire")
    expect(rows[2]).toContain("Moreau Jeanne (Vous)")
    expect(rows[2]).toContain("Adhérent")
    expect(screen.getByText("Membres : 3")).toBeTruthy()
  })

  it("without the rights, disables removing, inviting and deciding and names the missing right", async () => {
    const { calls } = await setup({
      rights: ["seeMachines"],
      load: async () => people({ invitations: null, requests: null }),
    })
    expect(button("Retirer GAEC des Prés - (Durand Paul)").disabled).toBe(true)
    expect(screen.getByText("Droit requis : Retirer un membre")).toBeTruthy()
    expect(button("Envoyer l'invitation").disabled).toBe(true)
    expect((screen.getByLabelText(/Adresse email/) as HTMLInputElement).disabled).toBe(true)
    expect(screen.getAllByText("Droit requis : Ajouter un membre")).toHaveLength(2)
    expect(screen.getByText("Droit requis : Valider les demandes d'adhésion")).toBeTruthy()
    // Leaving needs no right.
    expect(button("Quitter la structure").disabled).toBe(false)
    fireEvent.click(button("Retirer GAEC des Prés - (Durand Paul)"))
    expect(calls.removed).toEqual([])
  })

  it("removes a member after confirmation, then reads the lists again", async () => {
    const { calls } = await setup()
    fireEvent.click(button("Retirer GAEC des Prés - (Durand Paul)"))
    const dialog = await screen.findByRole("dialog", { name: "Retirer ce membre ?" })
    expect(dialog.textContent).toContain(
      "GAEC des Prés - (Durand Paul) ne fera plus partie de CUMA du Moulin",
    )
    fireEvent.click(within(dialog).getByRole("button", { name: "Retirer" }))
    await waitFor(() => expect(calls.loads).toBe(2))
    expect(calls.removed).toEqual([{ clusterId: aCluster().id, userId: paul.id }])
    expect(await screen.findByText("Membre retiré")).toBeTruthy()
    expect(calls.refreshes).toBe(1)
  })

  it("cancelling the confirmation removes nobody", async () => {
    const { calls } = await setup()
    fireEvent.click(button("Retirer GAEC des Prés - (Durand Paul)"))
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getByRole("button", { name: "Annuler" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(calls.removed).toEqual([])
  })

  it("leaving refused for the last member able to edit the structure shows the French message", async () => {
    const { calls, router } = await setup({
      remove: () => Promise.reject(Forbidden.of("modificationNotAllowed")),
    })
    fireEvent.click(button("Quitter la structure"))
    const dialog = await screen.findByRole("dialog", { name: "Quitter la structure ?" })
    fireEvent.click(within(dialog).getByRole("button", { name: "Quitter la structure" }))
    expect(await screen.findByText("Cette modification n'est pas autorisée")).toBeTruthy()
    expect(calls.removed).toEqual([{ clusterId: aCluster().id, userId: jeanne.id }])
    expect(router.state.location.pathname).toBe("/clusters/c1/ClusterUsers")
    expect(calls.myClustersRefreshes).toBe(0)
  })

  it("after leaving, the menu is refreshed and the person goes home", async () => {
    const { calls, router } = await setup()
    fireEvent.click(button("Quitter la structure"))
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getByRole("button", { name: "Quitter la structure" }))
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"))
    expect(calls.myClustersRefreshes).toBe(1)
  })

  it("invites by e-mail with a role, and shows a refusal translated", async () => {
    const { calls } = await setup({ invite: () => Promise.reject(Conflict.of("alreadyInvited")) })
    fireEvent.change(screen.getByLabelText(/Adresse email/), { target: { value: " Marc@Example.org " } })
    fireEvent.change(screen.getByLabelText("Rôle"), { target: { value: "client" } })
    fireEvent.click(button("Envoyer l'invitation"))
    expect(await screen.findByText("Une invitation est déjà en attente pour cette adresse")).toBeTruthy()
    expect(calls.invited).toEqual([
      { clusterId: aCluster().id, payload: { email: "marc@example.org", role: "client" } },
    ])
  })

  it("an invalid address sends nothing", async () => {
    const { calls } = await setup()
    fireEvent.change(screen.getByLabelText(/Adresse email/), { target: { value: "marc@" } })
    fireEvent.click(button("Envoyer l'invitation"))
    expect(await screen.findByText("Merci de renseigner une adresse email valide")).toBeTruthy()
    expect(calls.invited).toEqual([])
  })

  it("a sent invitation clears the form and reloads the invitations", async () => {
    const { calls } = await setup({ invite: async () => invitation(3, "sent", "marc@example.org") })
    const email = screen.getByLabelText(/Adresse email/) as HTMLInputElement
    fireEvent.change(email, { target: { value: "marc@example.org" } })
    fireEvent.click(button("Envoyer l'invitation"))
    expect(await screen.findByText("Invitation envoyée à marc@example.org")).toBeTruthy()
    await waitFor(() => expect(calls.loads).toBe(2))
    expect(email.value).toBe("")
  })

  it("lists invitations with their status; only an open one can be cancelled", async () => {
    await setup()
    const list = within(screen.getByRole("region", { name: "Invitations" })).getAllByRole("listitem")
    expect(list[0]?.textContent).toContain("marc@example.org")
    expect(list[0]?.textContent).toContain("Envoyée")
    expect(list[1]?.textContent).toContain("Acceptée")
    expect(within(list[1] as HTMLElement).queryByRole("button")).toBeNull()
    expect(button("Annuler l'invitation de marc@example.org")).toBeTruthy()
  })

  it("cancelling an invitation answered meanwhile says it is no longer valid", async () => {
    const { calls } = await setup({ cancel: () => Promise.reject(Conflict.of("invitationClosed")) })
    fireEvent.click(button("Annuler l'invitation de marc@example.org"))
    expect(await screen.findByText("Cette invitation n'est plus valable")).toBeTruthy()
    expect(calls.cancelled).toEqual([invitation(1, "sent").id])
    await waitFor(() => expect(calls.loads).toBe(2))
  })

  it("accepting a request to join reloads the lists and the structure", async () => {
    const { calls } = await setup({
      accept: async () => MembershipRequest.make({ ...request(), status: "accepted" }),
    })
    expect(screen.getByText("partenaire · demandé le 20 nov. 2026", { exact: false })).toBeTruthy()
    fireEvent.click(button("Accepter la demande de bernard Lucie"))
    expect(await screen.findByText("Demande acceptée")).toBeTruthy()
    expect(calls.accepted).toEqual([request().id])
    await waitFor(() => expect(calls.loads).toBe(2))
    expect(calls.refreshes).toBe(1)
  })
})
