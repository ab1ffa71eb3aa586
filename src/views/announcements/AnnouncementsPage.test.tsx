import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { type AnnouncementToPost, announcementsMachine } from "../../machines/announcements/announcements"
import { homeOverviewMachine } from "../../machines/home/homeOverview"
import type { Announcement } from "../../schema/announcement"
import type { Cluster } from "../../schema/cluster"
import { BadRequest } from "../../schema/errors"
import type { AnnouncementId } from "../../schema/ids"
import { withActors } from "../../testing/actors"
import { anAnnouncement, cumaId, infoOne, readOne, urgentOne } from "../../testing/announcements"
import { aCluster } from "../../testing/members"
import { quietMorning } from "../../testing/overview"
import { renderSignedIn } from "../../testing/render"
import { MyClustersContext } from "../common/clusterContexts"
import { HomePage } from "../home/HomePage"
import { AnnouncementsPage } from "./AnnouncementsPage"

const manager = {
  ...aCluster(["editCluster", "seeMachines"]),
  id: cumaId,
  name: "CUMA des Trois Vallées",
} as Cluster
const member = { ...manager, myRights: ["seeMachines"] } as Cluster

const chart = (
  listed: ReadonlyArray<Announcement>,
  post?: (a: AnnouncementToPost) => Promise<Announcement>,
) => {
  const calls = {
    read: [] as Array<AnnouncementId>,
    posted: [] as Array<AnnouncementToPost>,
    ended: [] as Array<AnnouncementId>,
  }
  const machine = withActors(announcementsMachine, {
    loadAnnouncements: async () => listed,
    markRead: async ({ input }: { input: AnnouncementId }) => {
      calls.read.push(input)
      return anAnnouncement({
        ...listed.find((a) => a.id === input),
        readAt: DateTime.unsafeMake("2026-11-27T10:00:00Z"),
      })
    },
    postAnnouncement: async ({ input }: { input: AnnouncementToPost }) => {
      calls.posted.push(input)
      if (post) return post(input)
      return anAnnouncement({
        id: input.id,
        message: input.message,
        urgency: input.urgency,
        readAt: DateTime.unsafeMake("2026-11-27T10:00:00Z"),
        can: { end: true },
      })
    },
    endAnnouncement: async ({ input }: { input: AnnouncementId }) => {
      calls.ended.push(input)
    },
  })
  return { machine, calls }
}

const renderPage = (machine: ReturnType<typeof chart>["machine"], clusters: ReadonlyArray<Cluster>) =>
  renderSignedIn(
    <MyClustersContext.Provider value={{ clusters, refresh: () => {} }}>
      <AnnouncementsPage machine={machine} />
    </MyClustersContext.Provider>,
  )

const items = () => within(screen.getAllByRole("list")[0] as HTMLElement).getAllByRole("listitem")

describe("announcements", () => {
  it("lists unread before read, urgent first, with who, where, when and until when", async () => {
    const { machine } = chart([readOne, infoOne, anAnnouncement({ ...urgentOne, can: { end: false } })])
    await renderPage(machine, [member])
    await screen.findByText(urgentOne.message)
    const texts = items().map((li) => li.textContent ?? "")
    expect(texts[0]).toContain("Urgent")
    expect(texts[0]).toContain("Non lue")
    expect(texts[0]).toContain("Moreau Claire · CUMA des Trois Vallées")
    expect(texts[0]).toMatch(/Jusqu'au 3 déc\. 2026/)
    expect(texts[1]).toContain(infoOne.message)
    expect(texts[2]).toContain(readOne.message)
    expect(texts[2]).not.toContain("Non lue")
    // A plain member may neither end one nor post: the right it takes is named.
    expect(screen.queryByRole("button", { name: "Terminer l'annonce" })).toBeNull()
    expect(screen.getByText("Droit requis : Modifier les informations de la structure")).toBeTruthy()
    expect(screen.queryByRole("button", { name: "Publier l'annonce" })).toBeNull()
  })

  it("marks one read", async () => {
    const { machine, calls } = chart([infoOne])
    await renderPage(machine, [member])
    fireEvent.click(await screen.findByRole("button", { name: "Marquer comme lue" }))
    await waitFor(() => expect(screen.queryByText("Non lue")).toBeNull())
    expect(calls.read).toEqual([infoOne.id])
    expect(screen.queryByRole("button", { name: "Marquer comme lue" })).toBeNull()
  })

  it("posts an urgent one for the structure, says so, and starts the form again empty", async () => {
    const { machine, calls } = chart([])
    await renderPage(machine, [manager])
    expect(await screen.findByText("Aucune annonce en cours.")).toBeTruthy()
    const message = screen.getByRole("textbox", { name: /Message/ })
    const send = screen.getByRole("button", { name: "Publier l'annonce" }) as HTMLButtonElement
    expect(send.disabled).toBe(true)
    fireEvent.change(message, { target: { value: "  Atelier fermé demain  " } })
    expect(screen.getByText("976 caractères restants")).toBeTruthy()
    fireEvent.click(screen.getByRole("switch", { name: /Urgente/ }))
    fireEvent.click(send)
    await screen.findByText("Annonce publiée : les membres de CUMA des Trois Vallées sont prévenus.")
    expect(calls.posted).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        cluster: cumaId,
        message: "Atelier fermé demain",
        urgency: "urgent",
        endsAt: null,
      },
    ])
    expect(items()[0]?.textContent).toContain("Atelier fermé demain")
    expect((screen.getByRole("textbox", { name: /Message/ }) as HTMLTextAreaElement).value).toBe("")
  })

  it("keeps what was written when the server refuses it, says why, and sends it again under the same id", async () => {
    let refuse = true
    const { machine, calls } = chart([], async (input) => {
      if (refuse) throw BadRequest.of("announcementEndPast")
      return anAnnouncement({ id: input.id, message: input.message })
    })
    await renderPage(machine, [manager])
    const message = await screen.findByRole("textbox", { name: /Message/ })
    fireEvent.change(message, { target: { value: "Moisson" } })
    fireEvent.click(screen.getByRole("button", { name: "Publier l'annonce" }))
    expect((await screen.findByRole("alert")).textContent).toBe(
      "La date de fin de l'annonce doit être à venir",
    )
    expect((message as HTMLTextAreaElement).value).toBe("Moisson")
    refuse = false
    fireEvent.click(screen.getByRole("button", { name: "Publier l'annonce" }))
    await waitFor(() => expect(calls.posted).toHaveLength(2))
    expect(calls.posted[1]?.id).toBe(calls.posted[0]?.id)
  })

  it("ends one after a confirmation", async () => {
    const { machine, calls } = chart([urgentOne, infoOne])
    await renderPage(machine, [manager])
    fireEvent.click(await screen.findByRole("button", { name: "Terminer l'annonce" }))
    const dialog = await screen.findByRole("dialog", { name: "Terminer cette annonce ?" })
    fireEvent.click(within(dialog).getByRole("button", { name: "La garder" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(calls.ended).toEqual([])
    fireEvent.click(screen.getByRole("button", { name: "Terminer l'annonce" }))
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Terminer l'annonce" }),
    )
    await waitFor(() => expect(screen.queryByText(urgentOne.message)).toBeNull())
    expect(calls.ended).toEqual([urgentOne.id])
    expect(screen.getByText(infoOne.message)).toBeTruthy()
  })

  it("shows the unread ones above the home page's cards, and nothing when all are read", async () => {
    const { machine } = chart([readOne, urgentOne])
    const overview = withActors(homeOverviewMachine, { loadOverview: async () => quietMorning })
    const view = await renderSignedIn(<HomePage announcements={machine} overview={overview} />)
    const section = await screen.findByRole("region", { name: "Annonces" })
    expect(within(section).getByText(urgentOne.message)).toBeTruthy()
    expect(within(section).queryByText(readOne.message)).toBeNull()
    expect(within(section).getByRole("link", { name: "Toutes les annonces (2)" }).getAttribute("href")).toBe(
      "/home/MegaPhone",
    )
    fireEvent.click(within(section).getByRole("button", { name: "Marquer comme lue" }))
    await waitFor(() => expect(screen.queryByRole("region", { name: "Annonces" })).toBeNull())
    expect(screen.getAllByRole("article")).toHaveLength(6)
    view.unmount()
  })
})
