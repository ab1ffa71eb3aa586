// Size: the cases of NotificationsPage share one fixture set and render wrapper; one test file per screen or module.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise } from "xstate"
import { invitationMachine } from "../../machines/membership/invitation"
import { membershipRequestMachine } from "../../machines/membership/membershipRequest"
import { notificationsMachine } from "../../machines/notifications/notifications"
import { notificationsUnreadMachine } from "../../machines/notifications/notificationsUnread"
import { watchUnread } from "../../machines/notifications/notificationsUnread.actors"
import type { Cluster } from "../../schema/cluster"
import { Conflict } from "../../schema/errors"
import { ActivityId, BookingId, MachineId } from "../../schema/ids"
import { Invitation, MembershipRequest } from "../../schema/membership"
import type { Inbox } from "../../schema/notification"
import { Notification } from "../../schema/notification"
import { rights } from "../../schema/rights"
import { withActors } from "../../testing/actors"
import { aCluster, at, invitation, notification, request } from "../../testing/members"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { MyClustersContext } from "../common/clusterContexts"
import { UnreadBadge } from "../shell/UnreadBadge"
import { type NotificationsMachines, NotificationsPage } from "./NotificationsPage"
import { NotificationsProvider } from "./NotificationsProvider"

const inbox = (over: Partial<Inbox> = {}): Inbox => ({
  notifications: [
    notification(1, "invitationReceived", { minutes: 1 }),
    notification(2, "invitationAnswered", { answer: "declined", read: true, minutes: 3 }),
    notification(3, "membershipRequested", { minutes: 2 }),
  ],
  invitations: [invitation(1, "sent")],
  requests: [request()],
  ...over,
})
const readCopy = (n: Notification) => Notification.make({ ...n, read: { ...n.read, read_date: at } })

const setup = async ({
  load = async () => inbox(),
  markRead = async (id: string) => readCopy(inbox().notifications.find((n) => n.id === id) as Notification),
  accept,
  decline,
  acceptRequest,
  unread = 2,
  clusters = [],
}: {
  load?: () => Promise<Inbox>
  markRead?: (id: string) => Promise<Notification>
  accept?: () => Promise<Invitation>
  decline?: () => Promise<Invitation>
  acceptRequest?: () => Promise<MembershipRequest>
  unread?: number
  clusters?: ReadonlyArray<Cluster>
} = {}) => {
  const calls = {
    loads: 0,
    read: [] as unknown[],
    allRead: 0,
    accepted: [] as unknown[],
    myClusters: 0,
    counts: 0,
  }
  const never = () => new Promise<never>(() => undefined)
  const machines: NotificationsMachines = {
    notifications: withActors(notificationsMachine).provide({
      actors: {
        loadInbox: fromPromise(() => {
          calls.loads++
          return load()
        }),
        markRead: fromPromise(({ input }) => {
          calls.read.push(input)
          return markRead(input)
        }),
        markAllRead: fromPromise(async () => {
          calls.allRead++
        }),
      },
    }),
    invitation: withActors(invitationMachine).provide({
      actors: {
        acceptInvitation: fromPromise(({ input }) => {
          calls.accepted.push(input.id)
          return (accept ?? never)()
        }),
        declineInvitation: fromPromise(() => (decline ?? never)()),
      },
    }),
    membershipRequest: withActors(membershipRequestMachine).provide({
      actors: { acceptRequest: fromPromise(() => (acceptRequest ?? never)()) },
    }),
  }
  const counter = withActors(notificationsUnreadMachine).provide({
    actors: {
      countUnread: fromPromise(async () => {
        calls.counts++
        return unread
      }),
    },
  })
  const { session } = await settledSession(aUser())
  const view = await renderScreen(
    <MyClustersContext.Provider value={{ clusters, refresh: () => calls.myClusters++ }}>
      <NotificationsProvider machine={counter}>
        <UnreadBadge />
        <NotificationsPage machines={machines} />
      </NotificationsProvider>
    </MyClustersContext.Provider>,
    { session, path: "/notifications" },
  )
  await screen.findByRole("button", { name: "Tout marquer comme lu" })
  return { calls, ...view }
}

const items = () =>
  within(screen.getByRole("region", { name: "Notifications" }))
    .getAllByRole("listitem")
    .map((li) => li.textContent ?? "")
const badge = () => screen.getByRole("link", { name: /Notifications/ })

describe("notifications page", () => {
  it("lists the notifications newest first with the unread ones marked, open invitations first", async () => {
    await setup()
    const list = items()
    expect(list[0]).toContain(
      "GAEC des Prés - (Durand Paul) a décliné votre invitation à rejoindre CUMA du Moulin",
    )
    expect(list[0]).not.toContain("Non lue")
    expect(list[1]).toContain("GAEC des Prés - (Durand Paul) demande à rejoindre CUMA du Moulin")
    expect(list[1]).toContain("Non lue")
    expect(list[2]).toContain("vous invite à rejoindre CUMA du Moulin")
    const mine = within(screen.getByRole("region", { name: "Vos invitations en attente" }))
    expect(mine.getByText("Moreau Jeanne vous invite à rejoindre CUMA du Moulin comme Salarié")).toBeTruthy()
  })

  it("opening an unread notification marks it read, and the shell's count follows", async () => {
    const { calls } = await setup()
    await waitFor(() => expect(badge().getAttribute("aria-label")).toBe("Notifications non lues : 2"))
    fireEvent.click(screen.getByText("GAEC des Prés - (Durand Paul) demande à rejoindre CUMA du Moulin"))
    await waitFor(() => expect(items()[1]).not.toContain("Non lue"))
    expect(calls.read).toEqual([notification(3, "membershipRequested").id])
    await waitFor(() => expect(badge().getAttribute("aria-label")).toBe("Notifications non lues : 1"))
  })

  it("opening a read notification calls nothing", async () => {
    const { calls } = await setup()
    fireEvent.click(screen.getByText(/a décliné votre invitation/))
    await screen.findByText(/a décliné votre invitation/)
    expect(calls.read).toEqual([])
  })

  it("'Tout marquer comme lu' leaves none unread and is then disabled", async () => {
    const { calls } = await setup()
    const button = screen.getByRole("button", { name: "Tout marquer comme lu" }) as HTMLButtonElement
    fireEvent.click(button)
    await waitFor(() => expect(screen.queryByText("Non lue")).toBeNull())
    expect(calls.allRead).toBe(1)
    expect(button.disabled).toBe(true)
    await waitFor(() => expect(badge().getAttribute("aria-label")).toBe("Notifications"))
  })

  it("accepting an invitation adds the structure to the menu and reads the lists again", async () => {
    const { calls } = await setup({
      accept: async () => Invitation.make({ ...invitation(1, "sent"), status: "accepted" }),
    })
    const mine = within(screen.getByRole("region", { name: "Vos invitations en attente" }))
    fireEvent.click(mine.getByRole("button", { name: "Accepter" }))
    expect((await screen.findAllByText("Vous avez rejoint CUMA du Moulin")).length).toBeGreaterThan(0)
    expect(calls.accepted).toEqual([invitation(1, "sent").id])
    expect(calls.myClusters).toBe(1)
    await waitFor(() => expect(calls.loads).toBe(2))
  })

  it("an invitation answered elsewhere says it is no longer valid", async () => {
    await setup({ decline: () => Promise.reject(Conflict.of("invitationClosed")) })
    const mine = within(screen.getByRole("region", { name: "Vos invitations en attente" }))
    fireEvent.click(mine.getByRole("button", { name: "Décliner" }))
    expect(await mine.findByText("Cette invitation n'est plus valable")).toBeTruthy()
  })

  it("a request to join offers Accept / Refuse; one already decided says so", async () => {
    await setup({ acceptRequest: async () => MembershipRequest.make({ ...request(), status: "accepted" }) })
    fireEvent.click(screen.getByRole("button", { name: "Accepter la demande de bernard Lucie" }))
    expect(await screen.findByText("Demande acceptée")).toBeTruthy()
  })

  it("a request to join shows the requested role before Accept / Refuse", async () => {
    await setup()
    const card = screen
      .getByText("GAEC des Prés - (Durand Paul) demande à rejoindre CUMA du Moulin")
      .closest("li") as HTMLElement
    const role = within(card).getByText("Rôle demandé : Partenaire")
    const accept = within(card).getByRole("button", { name: "Accepter la demande de bernard Lucie" })
    expect(role.compareDocumentPosition(accept) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it("a request the person may no longer decide names the missing right, not 'already handled'", async () => {
    await setup({
      load: async () => inbox({ requests: [] }),
      clusters: [aCluster(rights.filter((r) => r !== "validateMembership"))],
    })
    expect(screen.getByText("Droit requis : Valider les demandes d'adhésion")).toBeTruthy()
    expect(screen.queryByText("Demande déjà traitée")).toBeNull()
    expect(screen.queryByRole("button", { name: /Accepter la demande/ })).toBeNull()
  })

  it("a booking notification links to the booking ('Voir la réservation')", async () => {
    const booked = Notification.make({
      ...notification(4, "bookingAccepted"),
      booking: {
        id: BookingId.make("00000000-0000-4000-8000-0000000000d1"),
        start_date: at,
        end_date: at,
        resources: ["Tracteur 1", "Jean Dupont"],
      },
    })
    await setup({ load: async () => inbox({ notifications: [booked], invitations: [], requests: [] }) })
    const link = await screen.findByRole("link", { name: "Voir la réservation" })
    expect(link.getAttribute("href")).toBe("/ActionBooking?booking=00000000-0000-4000-8000-0000000000d1")
    expect(items()[0]).toContain("Tracteur 1 → Jean Dupont")
  })

  it("a dispute of an activity names who contests which activity, and links to its page", async () => {
    const disputed = Notification.make({
      ...notification(5, "activityDisputed"),
      activity: {
        id: ActivityId.make("00000000-0000-4000-8000-0000000000e1"),
        machine: "Tracteur 1",
        start: at,
      },
    })
    await setup({ load: async () => inbox({ notifications: [disputed], invitations: [], requests: [] }) })
    const link = await screen.findByRole("link", { name: "Voir l'activité" })
    expect(link.getAttribute("href")).toBe("/Activitys/00000000-0000-4000-8000-0000000000e1")
    expect(items()[0]).toMatch(/conteste l'activité de Tracteur 1 du /)
  })

  it("a maintenance alert names the rule, the machine and how urgent, and links to the machine's maintenance", async () => {
    const machine = MachineId.make("00000000-0000-4000-8000-0000000000a7")
    const alerts = (["soon", "due", "overdue"] as const).map((status, i) =>
      Notification.make({
        ...notification(i + 1, "maintenanceAlert"),
        actor: null,
        maintenance: { machine: { id: machine, name: "Tracteur 1" }, rule: "Vidange moteur", status },
      }),
    )
    await setup({ load: async () => inbox({ notifications: alerts, invitations: [], requests: [] }) })
    const links = await screen.findAllByRole("link", { name: "Voir l'entretien de la machine" })
    expect(links.map((l) => l.getAttribute("href"))).toEqual(
      Array(3).fill(`/maintenance/machines?machine=${machine}`),
    )
    expect(items().map((text) => text.replace(/\s+$/, ""))).toEqual(
      expect.arrayContaining([
        expect.stringContaining("Entretien bientôt à faire : Vidange moteur sur Tracteur 1"),
        expect.stringContaining("Entretien à faire : Vidange moteur sur Tracteur 1"),
        expect.stringContaining("Entretien en retard : Vidange moteur sur Tracteur 1"),
      ]),
    )
  })

  it("reads well when no one is named (the structure answered, or the person is not given)", async () => {
    const anonymous = [
      notification(1, "invitationReceived", { actor: null }),
      notification(2, "invitationAnswered", { actor: null, answer: "accepted" }),
      notification(3, "invitationAnswered", { actor: null, answer: "declined" }),
      notification(4, "membershipRequested", { actor: null }),
      notification(5, "membershipAnswered", { actor: null, answer: "accepted" }),
      notification(6, "membershipAnswered", { actor: null, answer: "refused" }),
    ]
    await setup({ load: async () => inbox({ notifications: anonymous, invitations: [], requests: [] }) })
    const texts = within(screen.getByRole("region", { name: "Notifications" }))
      .getAllByRole("listitem")
      .map((li) => (li.querySelector("p") as HTMLElement).textContent)
    expect(texts).toEqual([
      "Votre demande pour rejoindre CUMA du Moulin a été refusée",
      "Votre demande pour rejoindre CUMA du Moulin a été acceptée",
      "Nouvelle demande pour rejoindre CUMA du Moulin",
      "Votre invitation à rejoindre CUMA du Moulin a été déclinée",
      "Votre invitation à rejoindre CUMA du Moulin a été acceptée",
      "Invitation à rejoindre CUMA du Moulin",
    ])
  })

  it("an invitation or request no longer open says it was already handled", async () => {
    await setup({ load: async () => inbox({ invitations: [], requests: [] }) })
    expect(screen.getByText("Invitation déjà traitée")).toBeTruthy()
    expect(screen.getByText("Demande déjà traitée")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Accepter" })).toBeNull()
  })
})

describe("unread count", () => {
  it("reads the count again on each tick", async () => {
    let tick: () => void = () => undefined
    let counts = 0
    const counter = notificationsUnreadMachine.provide({
      actors: {
        countUnread: fromPromise(async () => ++counts),
        watch: fromCallback(({ sendBack }) => {
          tick = () => sendBack({ type: "notifications.tick" })
        }),
      },
    })
    const { session } = await settledSession(aUser())
    await renderScreen(
      <NotificationsProvider machine={counter}>
        <UnreadBadge />
      </NotificationsProvider>,
      { session },
    )
    await waitFor(() => expect(badge().getAttribute("aria-label")).toBe("Notifications non lues : 1"))
    act(() => tick())
    await waitFor(() => expect(badge().getAttribute("aria-label")).toBe("Notifications non lues : 2"))
  })

  it("ticks when the window regains focus", () => {
    const ticks: string[] = []
    const parent = createActor(
      withActors(notificationsUnreadMachine).provide({ actors: { watch: watchUnread } }),
      {
        inspect: (e) =>
          e.type === "@xstate.event" && e.event.type === "notifications.tick" && ticks.push(e.event.type),
      },
    ).start()
    window.dispatchEvent(new Event("focus"))
    parent.stop()
    window.dispatchEvent(new Event("focus"))
    expect(ticks).toEqual(["notifications.tick"])
  })
})
