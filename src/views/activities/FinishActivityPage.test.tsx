import { fireEvent, screen } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { type FinishSaying, finishActivityMachine } from "../../machines/activities/finishActivity"
import { anActivity, paul, slurry } from "../../machines/activities/samples"
import { UserId } from "../../schema/ids"
import { withActors } from "../../testing/actors"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { FinishActivityPage } from "./FinishActivityPage"

// Mantine's growing text area listens for web fonts loading, which happy-dom does not have.
beforeAll(() => {
  if (!("fonts" in document))
    Object.defineProperty(document, "fonts", {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    })
})

const morning = anActivity(1, "2026-11-27T07:30:00.000Z", 3)
const evening = anActivity(2, "2026-11-27T15:00:00.000Z", 2)

const open = async (recent: ReadonlyArray<typeof morning>) => {
  const sent: Array<FinishSaying> = []
  const chart = withActors(finishActivityMachine, {
    loadRecent: async () => ({ recent, productTypes: [{ id: slurry.id, label: "Lisier" }] }),
    confirm: async ({ input }: { input: FinishSaying }) => {
      sent.push(input)
      return { at: evening.end, by: paul, field: null, productType: slurry, comment: input.comment }
    },
  })
  const { session } = await settledSession(aUser())
  await renderScreen(<FinishActivityPage me={UserId.make(paul.id)} chart={chart} />, { session })
  return sent
}

describe("J'ai terminé mon activité", () => {
  it("offers the newest activity first with its field, and sends what the driver said of it", async () => {
    const sent = await open([evening, morning])
    const radios = await screen.findAllByRole("radio")
    expect(radios).toHaveLength(2)
    expect(radios.map((r) => r.getAttribute("aria-checked"))).toEqual(["true", "false"])
    // Its only field is proposed already (saying nothing at all is caught before sending: the chart's paths).
    fireEvent.change(screen.getByLabelText(/Un mot pour le bureau/), {
      target: { value: "Reste un hectare." },
    })
    fireEvent.click(screen.getByRole("button", { name: "Confirmer" }))
    await screen.findByText("Merci : le bureau a votre confirmation.")
    expect(sent).toEqual([
      { activity: evening.id, field: evening.fields[0]?.id, productType: null, comment: "Reste un hectare." },
    ])
  })

  it("says plainly when the person drove nothing lately, and where to look", async () => {
    await open([])
    await screen.findByText("Aucune activité récente dont vous êtes le chauffeur")
    expect(screen.getByRole("link", { name: "Voir toutes les activités" }).getAttribute("href")).toBe(
      "/Activitys",
    )
  })
})
