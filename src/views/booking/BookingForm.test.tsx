// Size: the cases of BookingForm share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type BookingSave, bookingFormMachine } from "../../machines/booking/bookingForm"
import type { BookingFormData, BookingPrefill } from "../../machines/booking/bookingForm.values"
import { type Booking, Forbidden, ResourceUnavailable } from "../../schema"
import type { BookingFieldOption } from "../../schema/booking"
import type { ClusterId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import {
  aBooking,
  aStructure,
  at,
  cerealSeed,
  fieldOption,
  formData,
  jean,
  jeanne,
  prés,
  sprayer,
  tractor,
  vals,
} from "../../testing/booking"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { ActionBookingPage } from "./ActionBookingPage"

const start = at("2026-06-02T08:00:00Z").epochMillis
const end = at("2026-06-02T12:00:00Z").epochMillis

const render = async ({
  prefill = { machine: tractor.id, start, end },
  data = formData,
  save = async () => aBooking("requested"),
  fields = [],
}: {
  prefill?: BookingPrefill
  data?: BookingFormData
  save?: (input: BookingSave) => Promise<Booking>
  fields?: ReadonlyArray<BookingFieldOption>
} = {}) => {
  const saves: BookingSave[] = []
  const membersAsked: Array<ClusterId | null> = []
  const form = bookingFormMachine.provide({
    actors: {
      loadForm: fromPromise(async () => data),
      loadMembers: fromPromise<ReadonlyArray<Member>, ClusterId | null>(async ({ input }) => {
        membersAsked.push(input)
        return input === prés.id ? [jeanne, jean] : []
      }),
      loadFields: fromPromise<ReadonlyArray<BookingFieldOption>, ClusterId | null>(async ({ input }) =>
        input === prés.id ? fields : [],
      ),
      saveBooking: fromPromise<Booking, BookingSave>(async ({ input }) => {
        saves.push(input)
        return save(input)
      }),
    },
  })
  const { session } = await settledSession(aUser())
  const view = await renderScreen(<ActionBookingPage prefill={prefill} machines={{ form }} />, {
    session,
    path: "/ActionBooking",
  })
  await screen.findByRole("button", { name: "Envoyer la demande" })
  return { saves, membersAsked, view }
}
const list = () => screen.getByRole("list", { name: "Machines et salariés, dans l'ordre" })
/** Each listed resource as read: its number, its name, its kind. */
const items = () =>
  within(list())
    .getAllByRole("listitem")
    .map((li) => li.querySelector("p")?.textContent)
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Envoyer la demande" }))
const pick = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } })

describe("the booking form", () => {
  it("opens on the linked machine's structure, the machine first, for me; sends it to that machine", async () => {
    const { saves } = await render()
    expect((screen.getByLabelText("Structure", { exact: false }) as HTMLSelectElement).value).toBe(prés.id)
    expect(items()).toEqual(["1. Tracteur 1 (Machine)"])
    submit()
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]?.machine).toBe(tractor.id)
    expect(saves[0]?.input.id).toBe(formData.id)
    expect(saves[0]?.input.user).toBe(aUser().id)
    expect(saves[0]?.input.resources).toEqual([{ kind: "machine", id: tractor.id }])
  })

  it("keeps the order chosen: added, moved up and removed, numbered as sent", async () => {
    const { saves } = await render()
    pick("Ajouter une machine", sprayer.id)
    await waitFor(() => expect(screen.getByRole("option", { name: "Dupont Jean" })).toBeTruthy())
    pick("Ajouter un salarié", jean.user.id)
    expect(items()).toEqual([
      "1. Tracteur 1 (Machine)",
      "2. Pulvérisateur (Machine)",
      "3. Dupont Jean (Salarié)",
    ])
    fireEvent.click(screen.getByRole("button", { name: "Monter Dupont Jean" }))
    fireEvent.click(screen.getByRole("button", { name: "Descendre Tracteur 1" }))
    expect(items()).toEqual([
      "1. Dupont Jean (Salarié)",
      "2. Tracteur 1 (Machine)",
      "3. Pulvérisateur (Machine)",
    ])
    fireEvent.click(screen.getByRole("button", { name: "Retirer Pulvérisateur" }))
    expect(items()).toEqual(["1. Dupont Jean (Salarié)", "2. Tracteur 1 (Machine)"])
    submit()
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]?.input.resources).toEqual([
      { kind: "employee", id: jean.user.id },
      { kind: "machine", id: tractor.id },
    ])
    expect(saves[0]?.machine).toBe(tractor.id)
  })

  it("without a machine nor dates: says what is missing and 'Formulaire incomplet', sends nothing", async () => {
    const { saves } = await render({ prefill: { cluster: prés.id } })
    submit()
    expect(await screen.findByText("Formulaire incomplet")).toBeTruthy()
    expect(screen.getByText("Veuillez renseigner une machine")).toBeTruthy()
    expect(saves).toEqual([])
  })

  it("an end before the start is refused on the form", async () => {
    const { saves } = await render({ prefill: { machine: tractor.id, start: end, end: start } })
    submit()
    expect(await screen.findByText(/strictement après la date de début/)).toBeTruthy()
    expect(saves).toEqual([])
  })

  it("a resource taken meanwhile is named, the form stays filled, and a retry sends the same id", async () => {
    let first = true
    const { saves } = await render({
      save: async () => {
        if (first) {
          first = false
          throw ResourceUnavailable.of([{ kind: "machine", id: tractor.id, name: "Tracteur 1" }])
        }
        return aBooking("requested")
      },
    })
    submit()
    expect(await screen.findByText("La ressource Tracteur 1 n'est plus disponible")).toBeTruthy()
    expect(items()).toEqual(["1. Tracteur 1 (Machine)"])
    submit()
    await waitFor(() => expect(saves).toHaveLength(2))
    expect(saves[1]?.input.id).toBe(saves[0]?.input.id)
  })

  it("a refusal is translated, the form kept", async () => {
    await render({ save: async () => Promise.reject(Forbidden.of("forbidden")) })
    submit()
    expect(await screen.findByText("Vous ne possédez pas les droits pour effectuer ceci.")).toBeTruthy()
    expect(items()).toEqual(["1. Tracteur 1 (Machine)"])
  })

  it("another structure: its machines only, employees need the right (named), 'Pour' only with bookEmployeeForOther", async () => {
    const data = {
      ...formData,
      clusters: [aStructure(prés, ["bookMachine", "bookEmployee", "bookEmployeeForOther"]), aStructure(vals)],
    }
    const { membersAsked } = await render({ data })
    expect(await screen.findByLabelText("Pour", { exact: false })).toBeTruthy()
    pick("Structure", vals.id)
    await waitFor(() => expect(membersAsked).toContain(vals.id))
    expect(screen.getByText("Aucune machine ni salarié pour l'instant.")).toBeTruthy()
    const machines = screen.getByLabelText("Ajouter une machine", { exact: false })
    expect(within(machines).queryByRole("option", { name: "Tracteur 1" })).toBeNull()
    expect(within(machines).getByRole("option", { name: "Presse" })).toBeTruthy()
    expect(screen.getByText("Droit requis : Réserver un salarié", { exact: false })).toBeTruthy()
    expect(screen.queryByLabelText("Pour", { exact: false })).toBeNull()
  })
})

describe("the booking form's fields", () => {
  const mare = {
    ...fieldOption,
    id: "00000000-0000-4000-8000-00000000f002" as BookingFieldOption["id"],
    name: "La Mare",
    areaHa: 0.0045,
    owner: { ...fieldOption.owner, firstname: "Jean", lastname: "Dupont" },
  }
  const chosen = () =>
    within(screen.getByRole("list", { name: "Parcelles" }))
      .getAllByRole("listitem")
      .map((li) => li.querySelector("p")?.textContent)
  /** Narrows the list by `text`, then adds the one option left that `option` names. */
  const search = async (text: string, option: RegExp) => {
    fireEvent.change(await screen.findByLabelText("Chercher une parcelle", { exact: false }), {
      target: { value: text },
    })
    const select = screen.getByLabelText("Ajouter une parcelle", { exact: false })
    const options = within(select).getAllByRole("option").slice(1)
    expect(options.map((o) => o.textContent)).toHaveLength(1)
    const wanted = options.find((o) => option.test(o.textContent ?? ""))
    fireEvent.change(select, { target: { value: (wanted as HTMLOptionElement).value } })
  }

  it("picks the structure's fields by name or owner, in order, with their total, and sends them", async () => {
    const { saves } = await render({ fields: [fieldOption, mare] })
    await search("dupont", /La Mare · 0,0045 ha · Dupont Jean/)
    await search("grands", /Les Grands Prés · 4,24 ha/)
    expect(chosen()).toEqual(["1. La Mare (0,0045 ha)", "2. Les Grands Prés (4,24 ha)"])
    expect(screen.getByText("2 parcelles · 4,24 ha")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Retirer La Mare" }))
    expect(chosen()).toEqual(["1. Les Grands Prés (4,24 ha)"])
    expect(screen.getByText("1 parcelle · 4,24 ha")).toBeTruthy()
    submit()
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]?.input.fields).toEqual([fieldOption.id])
  })

  it("a structure whose members have no field says so; another structure drops the fields chosen", async () => {
    const data = { ...formData, clusters: [aStructure(prés), aStructure(vals)] }
    const { saves } = await render({ data, fields: [fieldOption] })
    await search("prés", /Les Grands Prés/)
    expect(chosen()).toHaveLength(1)
    pick("Structure", vals.id)
    expect(await screen.findByText("Aucune parcelle des membres de cette structure à proposer.")).toBeTruthy()
    expect(screen.queryByRole("list", { name: "Parcelles" })).toBeNull()
    const presse = formData.machines.find((m) => m.name === "Presse")
    pick("Ajouter une machine", presse?.id ?? "")
    submit()
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]?.input.fields).toEqual([])
  })
})

describe("the booking form's messages", () => {
  it("says what is spread or sown if chosen: the catalogue's products in the page's language, sent with it", async () => {
    const { saves } = await render()
    const product = screen.getByLabelText("Produit", { exact: false }) as HTMLSelectElement
    expect([...product.options].map((o) => o.text)).toEqual(["Non précisé", "Lisier", "Semences de céréales"])
    expect(product.value).toBe("")
    pick("Produit", cerealSeed.id)
    submit()
    await waitFor(() => expect(saves).toHaveLength(1))
    expect(saves[0]?.input.productType).toBe(cerealSeed.id)
  })

  it("a field's problem goes once that field changes", async () => {
    await render({ prefill: { cluster: prés.id, start, end } })
    submit()
    expect(await screen.findByText("Veuillez renseigner une machine")).toBeTruthy()
    pick("Ajouter une machine", tractor.id)
    expect(screen.queryByText("Veuillez renseigner une machine")).toBeNull()
  })
})
