import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import {
  type ActivityChoices,
  type ActivitySave,
  activityEditMachine,
} from "../../../machines/activities/activityEdit"
import {
  type ActivitiesQuery,
  machineActivitiesMachine,
} from "../../../machines/activities/machineActivities"
import {
  activitiesCluster,
  activitiesMachine,
  anActivity,
  correctionChoices,
  members,
  paul,
  slurry,
} from "../../../machines/activities/samples"
import type { Activity } from "../../../schema/activity"
import { BadRequest } from "../../../schema/errors"
import { renderSignedIn } from "../../../testing/render"
import { MachineActivities } from "./MachineActivities"
import { choicePeriod, dayRange } from "./period"

const zone = "Europe/Paris"
// Thursday 19 November 2026, 08:30–11:30 in Paris, and a second one on the Wednesday.
const morning = anActivity(1, "2026-11-19T07:30:00.000Z", 3)
const unknownFuel = anActivity(2, "2026-11-18T13:00:00.000Z", 1.5, {
  fuelLitres: null,
  fuelSource: null,
  areaHa: null,
  areaWithOverlapHa: null,
  fields: [],
  fieldCount: 0,
  unknownFieldSeconds: 2700,
  member: null,
  attribution: "none",
  provisional: true,
})

/** The tab, its list read by `answer`, its changes by `save`; every query asked is kept. */
const show = async (
  answer: (q: ActivitiesQuery) => Promise<ReadonlyArray<Activity>>,
  {
    canEdit = false,
    hasBox = true,
    choices = { members, productTypes: [slurry], corrections: correctionChoices },
    save = async (s: ActivitySave) => anActivity(1, "2026-11-19T07:30:00.000Z", 3, { ...s.edit } as never),
  }: {
    canEdit?: boolean
    hasBox?: boolean
    choices?: ActivityChoices
    save?: (s: ActivitySave) => Promise<Activity>
  } = {},
) => {
  const asked: Array<ActivitiesQuery> = []
  const saved: Array<ActivitySave> = []
  const chart = machineActivitiesMachine.provide({
    actors: {
      loadActivities: fromPromise<ReadonlyArray<Activity>, ActivitiesQuery>(({ input }) => {
        asked.push(input)
        return answer(input)
      }),
    },
  })
  const editChart = activityEditMachine.provide({
    actors: {
      loadChoices: fromPromise(async () => choices),
      saveActivity: fromPromise<Activity, ActivitySave>(({ input }) => {
        saved.push(input)
        return save(input)
      }),
    },
  })
  await renderSignedIn(
    <MachineActivities
      machineId={activitiesMachine}
      cluster={activitiesCluster}
      hasBox={hasBox}
      canEdit={canEdit}
      chart={chart}
      editChart={editChart}
      zone={zone}
    />,
  )
  const tab = await screen.findByRole("region", { name: "Activités" })
  return { asked, saved, tab }
}

const figure = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: "dt" }).nextElementSibling?.textContent

describe("a machine's activities tab", () => {
  it("asks for the last 7 days first and lists each day's activities, newest first, with every figure", async () => {
    const { asked, tab } = await show(async () => [unknownFuel, morning])
    const days = await within(tab).findAllByRole("region", { name: /^Activités du/ })
    expect(asked).toEqual([{ machine: activitiesMachine, ...choicePeriod("last7", zone) }])
    expect(days.map((d) => d.getAttribute("aria-label"))).toEqual([
      "Activités du jeudi 19 novembre 2026",
      "Activités du mercredi 18 novembre 2026",
    ])
    const card = within(days[0] as HTMLElement).getByRole("article", { name: "08:30 – 11:30" })
    expect(within(card).getByText("3 h 00")).toBeTruthy()
    expect(figure(card, "Surface travaillée")).toBe("5,43 ha")
    expect(figure(card, "Surface avec recouvrement")).toBe("5,90 ha")
    expect(figure(card, "Distance sur route")).toBe("4,2 km")
    expect(figure(card, "Distance parcourue au travail")).toBe("18,4 km")
    expect(figure(card, "Pauses")).toBe("2 · 25 min")
    expect(figure(card, "Consommation")).toBe("38,4 Lestimée (débit de référence)")
    expect(figure(card, "Vitesse max")).toBe("31,6 km/h")
    expect(figure(card, "Parcelles")).toBe("Les Grands Champs (1 parcelle)")
    expect(figure(card, "Pour")).toBe("Martin AnneParcelle")
    expect(figure(card, "Chauffeurs")).toBe("GAEC du Moulin - (Leroy Paul)")
    expect(figure(card, "Type de produit")).toBe("—")
    expect(within(card).queryByRole("button", { name: /^Modifier/ })).toBeNull()
    // Totals of the period: what is unknown on one activity is left out, never counted as 0.
    const totals = within(tab).getByText("Sur la période").parentElement as HTMLElement
    expect(figure(totals, "Activités")).toBe("2 activités")
    expect(figure(totals, "Heures de travail")).toBe("3 h 45")
    expect(figure(totals, "Durée")).toBe("4 h 30")
    expect(figure(totals, "Surface travaillée")).toBe("5,43 ha")
    expect(figure(totals, "Consommation")).toBe("38,4 L")
  })

  it("an unknown figure is a dash, never 0; work outside known fields and a provisional day say so", async () => {
    const { tab } = await show(async () => [unknownFuel])
    const card = await within(tab).findByRole("article", { name: "14:00 – 15:30" })
    expect(figure(card, "Consommation")).toBe("—")
    expect(figure(card, "Surface travaillée")).toBe("—")
    expect(figure(card, "Parcelles")).toBe("parcelle inconnue : 45 min")
    expect(figure(card, "Pour")).toBe("PersonneAucun")
    fireEvent.click(within(card).getByRole("button", { name: "Provisoire" }))
    expect((await screen.findByText(/pendant 24 h : les chiffres peuvent changer/)).textContent).toContain(
      "Les boîtiers peuvent encore envoyer",
    )
    const totals = within(tab).getByText("Sur la période").parentElement as HTMLElement
    expect(figure(totals, "Consommation")).toBe("—")
  })

  it("an empty period says why: no activity, or no box on the machine", async () => {
    const first = await show(async () => [])
    expect((await within(first.tab).findByRole("status")).textContent).toContain(
      "Aucune activité sur la période",
    )
    cleanup()
    const second = await show(async () => [], { hasBox: false })
    expect((await within(second.tab).findByRole("status")).textContent).toContain(
      "Aucun boîtier sur cette machine",
    )
  })

  it("a quick choice and a range of days ask for their days; a refusal shows translated, with a retry", async () => {
    let calls = 0
    const { asked, tab } = await show(async () => {
      calls++
      if (calls === 2) throw BadRequest.of("endBeforeStart")
      return []
    })
    await within(tab).findByText("Aucune activité sur la période")
    fireEvent.click(within(tab).getByRole("button", { name: "30 derniers jours" }))
    expect((await within(tab).findByRole("alert")).textContent).toContain(
      "Les activités n'ont pas pu être chargées",
    )
    expect(asked[1]).toEqual({ machine: activitiesMachine, ...choicePeriod("last30", zone) })
    fireEvent.click(within(tab).getByRole("button", { name: "Réessayer" }))
    await within(tab).findByText("Aucune activité sur la période")
    expect(asked[2]).toEqual(asked[1])
    fireEvent.click(within(tab).getByRole("button", { name: "Autres dates" }))
    const typeDay = (label: RegExp, typed: string) => {
      const input = within(tab).getByLabelText(label)
      fireEvent.change(input, { target: { value: typed } })
      fireEvent.blur(input)
    }
    typeDay(/^Du/, "01/10/2026")
    typeDay(/^Au \(inclus\)/, "31/10/2026")
    fireEvent.click(within(tab).getByRole("button", { name: "Afficher" }))
    await waitFor(() => expect(asked).toHaveLength(4))
    expect(asked[3]).toEqual({ machine: activitiesMachine, ...dayRange("2026-10-01", "2026-10-31", zone) })
  })

  it("a person who may change activities changes who one is for and its product type; the card shows what was kept", async () => {
    const { saved, tab } = await show(async () => [morning], {
      canEdit: true,
      save: async () =>
        anActivity(1, "2026-11-19T07:30:00.000Z", 3, {
          member: paul,
          attribution: "manual",
          productType: slurry,
          edited: true,
        }),
    })
    const card = await within(tab).findByRole("article", { name: "08:30 – 11:30" })
    fireEvent.click(within(card).getByRole("button", { name: "Modifier 08:30 – 11:30" }))
    const dialog = await screen.findByRole("dialog")
    const member = (await within(dialog).findByLabelText("Pour quel membre")) as HTMLSelectElement
    expect([...member.options].map((o) => o.textContent)).toEqual([
      "Personne",
      "Martin Anne",
      "GAEC du Moulin - (Leroy Paul)",
    ])
    fireEvent.change(member, { target: { value: paul.id } })
    fireEvent.change(within(dialog).getByLabelText("Type de produit"), { target: { value: slurry.id } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(saved).toEqual([{ id: morning.id, edit: { member: paul.id, productType: slurry.id } }])
    expect(figure(card, "Pour")).toBe("GAEC du Moulin - (Leroy Paul)Modifié")
    expect(figure(card, "Type de produit")).toBe("Lisier")
    expect(within(card).getByRole("button", { name: "Modifiée" })).toBeTruthy()
  })

  it("the dialog corrects the fields and implements, sending only the lists that changed, the named ones first", async () => {
    const { saved, tab } = await show(async () => [morning], { canEdit: true, save: async () => morning })
    const card = await within(tab).findByRole("article", { name: "08:30 – 11:30" })
    fireEvent.click(within(card).getByRole("button", { name: "Modifier 08:30 – 11:30" }))
    const dialog = await screen.findByRole("dialog")
    const pick = async (label: string, option: string) => {
      const input = await within(dialog).findByLabelText(label)
      fireEvent.focus(input)
      fireEvent.change(input, { target: { value: option.slice(0, 4) } })
      // Mantine draws its list in a portal the test's DOM never lays out (hidden to the queries).
      const choice = await screen.findByRole("option", { name: option, hidden: true })
      fireEvent.click(choice)
    }
    // What is named now shows as chosen; the choices say whose field it is and how wide the tool.
    expect(await within(dialog).findByText("Les Grands Champs · Martin Anne")).toBeTruthy()
    await pick("Parcelles travaillées", "La Noue · GAEC du Moulin - (Leroy Paul)")
    await pick("Outils attelés", "Herse 6 m (6 m)")
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(saved).toEqual([
      {
        id: morning.id,
        edit: {
          fields: [correctionChoices.fields[0]?.id, correctionChoices.fields[1]?.id],
          auxiliaries: [correctionChoices.implements[0]?.id],
        },
      },
    ])
  })

  it("without product types in the catalogue the dialog offers the member only; a refusal keeps the dialog with its message", async () => {
    const { saved, tab } = await show(async () => [morning], {
      canEdit: true,
      choices: { members, productTypes: [], corrections: correctionChoices },
      save: async () => {
        throw BadRequest.of("userRequired")
      },
    })
    const card = await within(tab).findByRole("article", { name: "08:30 – 11:30" })
    fireEvent.click(within(card).getByRole("button", { name: "Modifier 08:30 – 11:30" }))
    const dialog = await screen.findByRole("dialog")
    const member = await within(dialog).findByLabelText("Pour quel membre")
    expect(within(dialog).queryByLabelText("Type de produit")).toBeNull()
    fireEvent.change(member, { target: { value: "none" } })
    fireEvent.click(within(dialog).getByRole("button", { name: "Enregistrer" }))
    expect((await within(dialog).findByRole("alert")).textContent).toContain(
      "Veuillez renseigner un utilisateur valide",
    )
    expect(saved).toEqual([{ id: morning.id, edit: { member: null } }])
    expect(figure(card, "Pour")).toBe("Martin AnneParcelle")
  })
})
