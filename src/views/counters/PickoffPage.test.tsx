import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { pickoffMachine } from "../../machines/counters/pickoff"
import {
  Conflict,
  type CounterAssociation,
  CounterId,
  Forbidden,
  type MachineId,
  NotFound,
  type PublicMachine,
  serverMessages,
} from "../../schema"
import { anAssociation, tractor } from "../../testing/counters"
import { aUser, renderScreen, settledSession } from "../../testing/render"
import { PickoffPage } from "./PickoffPage"

const render = async (
  signedIn: boolean,
  load: () => Promise<typeof PublicMachine.Type>,
  remove: () => Promise<CounterAssociation> = async () => anAssociation(null),
) => {
  const removed: MachineId[] = []
  const machine = pickoffMachine.provide({
    actors: {
      loadMachine: fromPromise(load),
      pickoff: fromPromise<CounterAssociation, MachineId>(async ({ input }) => {
        removed.push(input)
        return remove()
      }),
    },
  })
  const { session } = await settledSession(signedIn ? aUser() : null)
  const view = await renderScreen(<PickoffPage id={tractor.id} machine={machine} />, {
    session,
    path: `/machines/${tractor.id}/pickoff`,
  })
  return { removed, view }
}
const shown = async () => ({
  id: tractor.id,
  name: "Tracteur 1",
  clusterName: "CUMA des Prés",
  counter: CounterId.make("BOX-001"),
})
const bare = async () => ({ ...(await shown()), counter: null })
const removeButton = () => screen.findByRole("button", { name: "Retirer le boîtier BOX-001 de Tracteur 1" })
/** The confirmation names the box and the machine; confirming it sends the removal. */
const confirm = async () => {
  const dialog = await screen.findByRole("dialog", { name: "Retirer ce boîtier ?" })
  expect(dialog.textContent).toContain("Le boîtier BOX-001 sera retiré de Tracteur 1 maintenant")
  fireEvent.click(within(dialog).getByRole("button", { name: "Retirer le boîtier" }))
}

describe("the public pickoff page", () => {
  it("signed out: names the machine and its structure, and offers a sign-in that comes back", async () => {
    await render(false, shown)
    expect(await screen.findByText("Machine : Tracteur 1")).toBeTruthy()
    expect(screen.getByText("Structure : CUMA des Prés")).toBeTruthy()
    expect(screen.getByText("Boîtier BOX-001")).toBeTruthy()
    const link = screen.getByRole("link", { name: "Se connecter pour retirer le boîtier" })
    expect(decodeURIComponent(link.getAttribute("href") ?? "")).toContain(
      `goto=/machines/${tractor.id}/pickoff`,
    )
    expect(screen.queryByRole("button", { name: /^Retirer le boîtier/ })).toBeNull()
  })

  it("signed in: names the box it removes, removes it and says which one", async () => {
    const { removed } = await render(true, shown)
    expect(await screen.findByText("Boîtier BOX-001")).toBeTruthy()
    fireEvent.click(await removeButton())
    expect(removed).toEqual([])
    await confirm()
    expect(await screen.findByText("Le boîtier BOX-001 a été retiré de cette machine.")).toBeTruthy()
    expect(removed).toEqual([tractor.id])
  })

  it("asks first: cancelling the confirmation ends nothing and the button stays", async () => {
    const { removed } = await render(true, shown)
    fireEvent.click(await removeButton())
    const dialog = await screen.findByRole("dialog", { name: "Retirer ce boîtier ?" })
    // The text button (the close cross carries the same name).
    fireEvent.click(within(dialog).getByText("Annuler"))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    expect(removed).toEqual([])
    expect(((await removeButton()) as HTMLButtonElement).disabled).toBe(false)
  })

  it("the box id in the button never breaks across lines", async () => {
    await render(true, shown)
    const id = (await removeButton()).querySelector("[data-unbroken]") as HTMLElement
    expect(id.textContent).toBe("BOX-001")
    expect(id.style.whiteSpace).toBe("nowrap")
  })

  it("refused for lack of the right: names it as the rights screens do", async () => {
    await render(true, shown, () => Promise.reject(Forbidden.of()))
    fireEvent.click(await removeButton())
    await confirm()
    expect(await screen.findByText("Droit requis : Modifier les compteurs")).toBeTruthy()
  })

  it("no box on the machine: the refusal is translated and the button stays", async () => {
    await render(true, shown, () => Promise.reject(Conflict.of("noBoxOnMachine")))
    fireEvent.click(await removeButton())
    await confirm()
    expect(await screen.findByText(serverMessages.noBoxOnMachine)).toBeTruthy()
    expect(await removeButton()).toBeTruthy()
  })

  it("no box on the machine when the page opens: said so, the button disabled, nothing sent", async () => {
    const { removed } = await render(true, bare)
    expect((await screen.findByRole("note")).textContent).toBe(serverMessages.noBoxOnMachine)
    const button = screen.getByRole("button", { name: "Retirer le boîtier" }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.click(button)
    expect(removed).toEqual([])
    expect(screen.queryByText(/^Boîtier /)).toBeNull()
  })

  it("an unknown machine is said plainly", async () => {
    await render(false, () => Promise.reject(NotFound.of()))
    expect(await screen.findByText("Cette machine n'existe pas.")).toBeTruthy()
  })
})
