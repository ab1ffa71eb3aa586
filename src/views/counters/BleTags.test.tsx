import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type Attribution, bleTagsMachine, type TagChoices } from "../../machines/counters/bleTags"
import {
  BleTag,
  BleTagId,
  FilterEntry,
  FilterEntryId,
  Forbidden,
  Member,
  serverMessages,
  type UserId,
  UserSummary,
} from "../../schema"
import type { Right } from "../../schema/rights"
import { cluster, clusterId, renderWith, sprayer, tractor } from "../../testing/counters"
import { BleTagsSection } from "./BleTags"

const anne = new UserSummary({
  id: "00000000-0000-4000-8000-000000000001" as UserId,
  email: "anne@ferme.fr",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
})
/** Anne's namesake in the same structure: a user tag is matched to its holder by id, not by name. */
const anne2 = new UserSummary({
  id: "00000000-0000-4000-8000-000000000002" as UserId,
  email: "anne.martin@ferme.fr",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
})
const machineTag = new BleTag({
  id: BleTagId.make("TAG-M1"),
  type: "machine",
  cluster,
  machine: null,
  user: null,
})
const userTag = new BleTag({ id: BleTagId.make("TAG-U1"), type: "user", cluster, machine: null, user: null })

const named = (fr: string, en: string) => ({
  default: fr,
  texts: [
    { lang: "fr", text: fr },
    { lang: "en", text: en },
  ],
})
const slurry = new FilterEntry({
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000f1"),
  type: "productType",
  name: named("Lisier", "Slurry"),
})
const seed = new FilterEntry({
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000f2"),
  type: "productType",
  name: named("Semences de céréales", "Cereal seed"),
})

const member = (user: UserSummary) =>
  new Member({ user, role: "member", rights: [], joinedAt: DateTime.unsafeMake(0) })

const render = async (rights: ReadonlyArray<Right>, refuse = false, tags = [machineTag, userTag]) => {
  const sent: Array<{ tag: string } & Attribution> = []
  const machine = bleTagsMachine.provide({
    actors: {
      loadTags: fromPromise<TagChoices>(async () => ({
        tags,
        machines: [tractor, sprayer],
        members: { [clusterId]: [member(anne), member(anne2)] },
        productTypes: [slurry, seed],
      })),
      attributeTag: fromPromise<BleTag, { tag: BleTagId } & Attribution>(async ({ input }) => {
        sent.push(input)
        if (refuse) throw Forbidden.of("associationNotAllowed")
        const productType = [slurry, seed].find((p) => "productType" in input && p.id === input.productType)
        return "machine" in input
          ? new BleTag({
              ...machineTag,
              machine: input.machine === tractor.id ? tractor : sprayer,
              productType: productType ? { id: productType.id, name: productType.name } : null,
            })
          : new BleTag({
              ...userTag,
              user: { id: anne.id, firstname: "Anne", lastname: "Martin", name: null },
            })
      }),
    },
  })
  await renderWith(<BleTagsSection machine={machine} />, rights)
  return sent
}
const card = (id: string) => screen.findByRole("listitem", { name: `Tag ${id}` })

describe("the BLE tags section", () => {
  it("attributes a machine tag to one of the structure's machines and a user tag to a member", async () => {
    const sent = await render(["editMachine"])
    const m = await card("TAG-M1")
    fireEvent.change(within(m).getByLabelText("Machine"), { target: { value: sprayer.id } })
    fireEvent.click(within(m).getByRole("button", { name: "Attribuer" }))
    expect(await screen.findByText("Tag attribué : TAG-M1")).toBeTruthy()
    expect(within(await card("TAG-M1")).getByText(/Attribué à : Pulvérisateur/)).toBeTruthy()
    const u = await card("TAG-U1")
    fireEvent.change(within(u).getByLabelText("Membre"), { target: { value: anne.id } })
    fireEvent.click(within(u).getByRole("button", { name: "Attribuer" }))
    expect(await within(u).findByText(/Attribué à : Martin Anne/)).toBeTruthy()
    expect(sent).toEqual([
      { tag: "TAG-M1", machine: sprayer.id, productType: null },
      { tag: "TAG-U1", user: anne.id },
    ])
  })

  it("a machine tag says what its implement spreads, named in the page's language; a user tag has no product", async () => {
    const sent = await render(["editMachine"])
    const m = await card("TAG-M1")
    const product = within(m).getByLabelText("Produit", { exact: false }) as HTMLSelectElement
    expect([...product.options].map((o) => o.text)).toEqual(["Non précisé", "Lisier", "Semences de céréales"])
    fireEvent.change(within(m).getByLabelText("Machine"), { target: { value: tractor.id } })
    fireEvent.change(product, { target: { value: slurry.id } })
    fireEvent.click(within(m).getByRole("button", { name: "Attribuer" }))
    expect(await within(await card("TAG-M1")).findByText("Produit : Lisier")).toBeTruthy()
    expect(sent).toEqual([{ tag: "TAG-M1", machine: tractor.id, productType: slurry.id }])
    expect(within(await card("TAG-U1")).queryByLabelText("Produit", { exact: false })).toBeNull()
  })

  it("a machine tag's product shows chosen, and greyed without editMachine", async () => {
    const said = new BleTag({ ...machineTag, productType: { id: seed.id, name: seed.name } })
    await render(["seeMachines"], false, [said])
    const m = await card("TAG-M1")
    const product = within(m).getByLabelText("Produit", { exact: false }) as HTMLSelectElement
    expect([product.value, product.disabled]).toEqual([seed.id, true])
    expect(within(m).getByText("Produit : Semences de céréales")).toBeTruthy()
  })

  it("a user tag shows its holder chosen, found by id even when two members share the name", async () => {
    const held = new BleTag({
      ...userTag,
      user: { id: anne2.id, firstname: "Anne", lastname: "Martin", name: null },
    })
    await render(["editMachine"], false, [held])
    const u = await card("TAG-U1")
    expect((within(u).getByLabelText("Membre") as HTMLSelectElement).value).toBe(anne2.id)
  })

  it("without editMachine the controls are disabled and say which right is missing", async () => {
    const sent = await render(["seeMachines"])
    const m = await card("TAG-M1")
    expect((within(m).getByRole("button", { name: "Attribuer" }) as HTMLButtonElement).disabled).toBe(true)
    expect((within(m).getByLabelText("Machine") as HTMLSelectElement).disabled).toBe(true)
    expect(within(m).getByText(/^Droit requis : /)).toBeTruthy()
    expect(sent).toEqual([])
  })

  it("a refusal is translated", async () => {
    await render(["editMachine"], true)
    const m = await card("TAG-M1")
    fireEvent.change(within(m).getByLabelText("Machine"), { target: { value: tractor.id } })
    fireEvent.click(within(m).getByRole("button", { name: "Attribuer" }))
    expect(await screen.findByText(serverMessages.associationNotAllowed)).toBeTruthy()
  })
})
