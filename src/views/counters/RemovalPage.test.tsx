import { createMemoryHistory, createRouter } from "@tanstack/react-router"
import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { removalMachine } from "../../machines/counters/removal"
import { routeTree } from "../../routeTree.gen"
import { Conflict, type Counter, CounterId, type MachineId } from "../../schema"
import type { Right } from "../../schema/rights"
import { aCounter, anAssociation, renderWith, sprayer, tractor } from "../../testing/counters"
import { aUser, settledSession } from "../../testing/render"
import { runningSession } from "../session/session"
import { isRemovalMode, RemovalPage } from "./RemovalPage"

const onTractor = aCounter({ id: CounterId.make("BOX-001"), machine: tractor })
const onSprayer = aCounter({ id: CounterId.make("BOX-002"), machine: sprayer })
const onNothing = aCounter({ id: CounterId.make("BOX-003"), machine: null })

/** The removal page; `loads` answers the successive box loads, `pickoff` the removals. */
const open = async (
  loads: ReadonlyArray<ReadonlyArray<Counter>>,
  pickoff: (machine: MachineId) => Promise<ReturnType<typeof anAssociation>> = async () =>
    anAssociation(DateTime.unsafeMake(Date.now())),
  rights: ReadonlyArray<Right> = ["editCounters"],
) => {
  const removed: MachineId[] = []
  let load = 0
  const machine = removalMachine.provide({
    actors: {
      loadCounters: fromPromise(async () => loads[Math.min(load++, loads.length - 1)] ?? []),
      pickoff: fromPromise<ReturnType<typeof anAssociation>, MachineId>(async ({ input }) => {
        removed.push(input)
        return pickoff(input)
      }),
    },
  })
  await renderWith(<RemovalPage machine={machine} />, rights)
  await screen.findByRole("heading", { level: 1, name: "Retirer un boîtier" })
  return { removed, loads: () => load }
}
const removeButton = (box: string, machine: string) =>
  screen.findByRole("button", { name: `Retirer le boîtier ${box} de ${machine}` })

describe("the box removal mode", () => {
  it("opens from /counterMobile?remove=1 (the home card's link); other values keep the boxes list", async () => {
    const { session } = await settledSession(aUser())
    const router = createRouter({
      routeTree,
      history: createMemoryHistory({ initialEntries: ["/counterMobile?remove=1"] }),
      context: { session: runningSession(session) },
    })
    await router.load()
    expect(router.state.location.pathname).toBe("/counterMobile")
    const search = (router.state.matches.at(-1)?.search ?? {}) as { remove?: unknown }
    expect(search).toEqual({ remove: 1 })
    expect(isRemovalMode(search.remove)).toBe(true)
    expect([isRemovalMode(undefined), isRemovalMode(0), isRemovalMode("oui")]).toEqual([false, false, false])
  })

  it("lists only the boxes on a machine, each with its own big removal button", async () => {
    await open([[onTractor, onSprayer, onNothing]])
    expect(await removeButton("BOX-001", "Tracteur 1")).toBeTruthy()
    expect(await removeButton("BOX-002", "Pulvérisateur")).toBeTruthy()
    expect(screen.queryByRole("button", { name: /BOX-003/ })).toBeNull()
    expect(screen.getAllByRole("listitem")).toHaveLength(2)
  })

  it("asks first, naming the box and the machine, then ends its association and says so", async () => {
    const { removed, loads } = await open([[onTractor, onSprayer], [onSprayer]], async () =>
      anAssociation(DateTime.unsafeMake(Date.now()), { counter: onTractor.id }),
    )
    fireEvent.click(await removeButton("BOX-001", "Tracteur 1"))
    const dialog = await screen.findByRole("dialog", { name: "Retirer ce boîtier ?" })
    expect(within(dialog).getByText(/^Le boîtier BOX-001 sera retiré de Tracteur 1 maintenant/)).toBeTruthy()
    expect(removed).toEqual([])
    fireEvent.click(within(dialog).getByRole("button", { name: "Retirer le boîtier" }))
    expect((await screen.findByRole("status")).textContent).toBe(
      "Le boîtier BOX-001 a été retiré de Tracteur 1.",
    )
    expect(removed).toEqual([tractor.id])
    expect(loads()).toBe(2)
    expect(screen.queryByRole("button", { name: /^Retirer le boîtier BOX-001/ })).toBeNull()
    expect(await removeButton("BOX-002", "Pulvérisateur")).toBeTruthy()
  })

  it("cancelling keeps the box on its machine and removes nothing", async () => {
    const { removed } = await open([[onTractor]])
    fireEvent.click(await removeButton("BOX-001", "Tracteur 1"))
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Annuler" })[0] as HTMLElement)
    expect(removed).toEqual([])
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("a refusal from the server is translated", async () => {
    await open([[onTractor]], async () => {
      throw Conflict.of("noBoxOnMachine")
    })
    fireEvent.click(await removeButton("BOX-001", "Tracteur 1"))
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Retirer le boîtier" }),
    )
    expect((await screen.findByRole("alert")).textContent).toBeTruthy()
    expect(screen.queryByRole("status")).toBeNull()
  })

  it("says so when no box is on a machine", async () => {
    await open([[onNothing]])
    expect(
      await screen.findByText("Aucun boîtier n'est posé sur une machine de vos structures."),
    ).toBeTruthy()
    expect(screen.queryByRole("button", { name: /^Retirer le boîtier/ })).toBeNull()
  })

  it("without editCounters the button is disabled and names the missing right", async () => {
    await open([[onTractor]], undefined, ["seeMachines"])
    expect(((await removeButton("BOX-001", "Tracteur 1")) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText("Droit requis : Modifier les compteurs")).toBeTruthy()
  })
})
