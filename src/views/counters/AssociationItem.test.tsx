// Size: the cases of AssociationItem share one fixture set and render wrapper; one test file per screen or module.
import { fireEvent, screen, within } from "@testing-library/react"
import { DateTime } from "effect"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { type AssociationChange, associationMachine } from "../../machines/counters/association"
import { type AssociationId, Conflict, type CounterAssociation } from "../../schema"
import type { Right } from "../../schema/rights"
import { anAssociation, hoursAgo, now, renderWith } from "../../testing/counters"
import { typeDateTime } from "../../testing/dateTime"
import { AssociationItem } from "./AssociationItem"

/** One row with its calls recorded; `answer` is what the server returns for a dates change. */
const row = async (
  association: CounterAssociation,
  rights: ReadonlyArray<Right> = ["editCounters"],
  answer: (c: AssociationChange) => CounterAssociation = (c) =>
    anAssociation(c.edit.end_date ?? null, c.edit.start_date ? { start_date: c.edit.start_date } : {}),
) => {
  const edits: AssociationChange[] = []
  const deletions: AssociationId[] = []
  let changed = 0
  const machine = associationMachine.provide({
    actors: {
      editAssociation: fromPromise<CounterAssociation, AssociationChange>(async ({ input }) => {
        edits.push(input)
        return answer(input)
      }),
      deleteAssociation: fromPromise<void, AssociationId>(async ({ input }) => {
        deletions.push(input)
      }),
    },
  })
  await renderWith(
    <ul>
      <AssociationItem
        association={association}
        show="machine"
        machine={machine}
        now={now}
        onChanged={() => {
          changed += 1
        }}
      />
    </ul>,
    rights,
  )
  return { edits, deletions, changed: () => changed }
}
const button = (name: string) =>
  screen.getByRole("button", { name: new RegExp(`^${name}`) }) as HTMLButtonElement

describe("an association row", () => {
  it("a past one cannot be edited nor ended, says why, and can still be deleted", async () => {
    await row(anAssociation(hoursAgo(24)))
    expect(screen.getByText("terminée")).toBeTruthy()
    expect(button("Modifier les dates").disabled).toBe(true)
    expect(button("Terminer maintenant").disabled).toBe(true)
    expect(button("Supprimer").disabled).toBe(false)
    expect(screen.getByText("Une association passée ne peut plus être modifiée.")).toBeTruthy()
  })

  it("ending now asks first, naming the box and the machine, then sends now as the end", async () => {
    const { edits, changed } = await row(anAssociation(null))
    expect(screen.getByText("Fin", { exact: false }).textContent).toContain("en cours")
    fireEvent.click(button("Terminer maintenant"))
    const dialog = await screen.findByRole("dialog", { name: "Terminer cette association maintenant ?" })
    expect(
      within(dialog).getByText(/^Le boîtier BOX-001 ne sera plus associé à Tracteur 1/).textContent,
    ).toContain("Une association passée ne peut plus être modifiée.")
    expect(edits).toEqual([])
    fireEvent.click(within(dialog).getByRole("button", { name: "Terminer maintenant" }))
    expect(await screen.findByText("terminée")).toBeTruthy()
    expect(edits).toHaveLength(1)
    expect(edits[0]?.edit).toEqual({ end_date: DateTime.unsafeMake(now) })
    expect(changed()).toBe(1)
    expect(button("Modifier les dates").disabled).toBe(true)
  })

  it("cancelling the end keeps the association running and sends nothing", async () => {
    const { edits } = await row(anAssociation(null))
    fireEvent.click(button("Terminer maintenant"))
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Annuler" })[0] as HTMLElement)
    expect(screen.getByText("Fin", { exact: false }).textContent).toContain("en cours")
    expect(button("Terminer maintenant :").disabled).toBe(false)
    expect(edits).toEqual([])
  })

  it("editing the dates refuses an end before the start and sends nothing", async () => {
    const { edits } = await row(anAssociation(null))
    fireEvent.click(button("Modifier les dates"))
    typeDateTime("Date de fin (facultative)", "2026-04-01T08:00")
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    const end = screen.getByLabelText("Date de fin (facultative) : jour")
    expect(end.getAttribute("aria-invalid")).toBe("true")
    expect(screen.getByText("La Date de fin DOIT être strictement après la date de début.")).toBeTruthy()
    expect(screen.queryByRole("alert")).toBeNull()
    expect(edits).toEqual([])
  })

  it("editing the dates asks for the start date when it is emptied, and sends nothing", async () => {
    const { edits } = await row(anAssociation(null))
    fireEvent.click(button("Modifier les dates"))
    typeDateTime("Date de début", "")
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect(screen.getByText("Le champ est obligatoire")).toBeTruthy()
    expect(edits).toEqual([])
  })

  it("a server refusal of new dates shows as an alert", async () => {
    await row(anAssociation(null), ["editCounters"], () => {
      throw Conflict.of("associationOverlap")
    })
    fireEvent.click(button("Modifier les dates"))
    typeDateTime("Date de début", "2026-05-02T08:00")
    fireEvent.click(screen.getByRole("button", { name: "Enregistrer" }))
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Ce boîtier est déjà associé à une machine sur cette période",
    )
  })

  it("delete asks first, says it is permanent with the linked data, then deletes", async () => {
    const { deletions, changed } = await row(anAssociation(null))
    fireEvent.click(button("Supprimer"))
    const dialog = await screen.findByRole("dialog")
    expect(within(dialog).getByText(/La suppression est définitive/).textContent).toContain("données liées")
    expect(deletions).toEqual([])
    fireEvent.click(within(dialog).getByRole("button", { name: "Supprimer définitivement" }))
    await screen.findByText((_, el) => el?.tagName === "UL" && el.children.length === 0)
    expect(deletions).toEqual([anAssociation(null).id])
    expect(changed()).toBe(1)
  })

  it("cancelling the deletion keeps the row and deletes nothing", async () => {
    const { deletions } = await row(anAssociation(null))
    fireEvent.click(button("Supprimer"))
    const dialog = await screen.findByRole("dialog")
    fireEvent.click(within(dialog).getAllByRole("button", { name: "Annuler" })[0] as HTMLElement)
    expect(button("Terminer maintenant").disabled).toBe(false)
    expect(deletions).toEqual([])
  })

  it("without editCounters every action is disabled with the missing right named", async () => {
    await row(anAssociation(null), ["seeMachines"])
    for (const name of ["Modifier les dates", "Terminer maintenant", "Supprimer"])
      expect(button(name).disabled).toBe(true)
    expect(screen.getByText("Droit requis : Modifier les compteurs")).toBeTruthy()
  })
})
