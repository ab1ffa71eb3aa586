import { fireEvent, screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { fromPromise } from "xstate"
import { associationMachine } from "../../machines/counters/association"
import { boxHistoryMachine, type HistorySource } from "../../machines/counters/boxHistory"
import { type CounterAssociation, CounterId } from "../../schema"
import type { Right } from "../../schema/rights"
import { withActors } from "../../testing/actors"
import { anAssociation, hoursAgo, now, renderWith, tractor } from "../../testing/counters"
import { MachineBoxHistory } from "./MachineBoxHistory"

const history = async (
  load: () => Promise<ReadonlyArray<CounterAssociation>>,
  rights: ReadonlyArray<Right> = ["editCounters"],
) => {
  const asked: HistorySource[] = []
  const machine = boxHistoryMachine.provide({
    actors: {
      loadAssociations: fromPromise<ReadonlyArray<CounterAssociation>, HistorySource>(({ input }) => {
        asked.push(input)
        return load()
      }),
    },
  })
  await renderWith(
    <MachineBoxHistory
      machineId={tractor.id}
      machine={machine}
      association={withActors(associationMachine)}
      now={now}
    />,
    rights,
  )
  return asked
}

describe("a machine's box history", () => {
  it("asks for this machine's associations and shows each box, newest first, with its state", async () => {
    const asked = await history(async () => [
      anAssociation(null, { counter: CounterId.make("BOX-002") }),
      anAssociation(hoursAgo(48), { counter: CounterId.make("BOX-001") }),
    ])
    const boxes = await screen.findAllByText(/^Boîtier BOX-/)
    expect(boxes.map((b) => b.textContent)).toEqual(["Boîtier BOX-002", "Boîtier BOX-001"])
    expect(asked).toEqual([{ machine: tractor.id }])
    expect(screen.getByText("terminée")).toBeTruthy()
    expect(screen.getAllByRole("button", { name: /^Modifier les dates : Boîtier BOX-002/ })).toHaveLength(1)
  })

  it("says when no box was ever put on the machine", async () => {
    await history(async () => [])
    expect(await screen.findByText("Aucun boîtier n'a encore été posé sur cette machine.")).toBeTruthy()
  })

  it("without editCounters the rows' actions are disabled with the missing right named", async () => {
    await history(async () => [anAssociation(null)], ["seeMachines"])
    const edit = (await screen.findByRole("button", { name: /^Modifier les dates/ })) as HTMLButtonElement
    expect(edit.disabled).toBe(true)
    expect(screen.getByText("Droit requis : Modifier les compteurs")).toBeTruthy()
  })

  it("a failed load shows the message and retries", async () => {
    let calls = 0
    await history(async () => {
      calls += 1
      if (calls === 1) throw new Error("network down")
      return [anAssociation(null)]
    })
    expect(await screen.findByRole("alert")).toBeTruthy()
    fireEvent.click(screen.getByRole("button", { name: "Réessayer" }))
    expect(await screen.findByText("Boîtier BOX-001")).toBeTruthy()
    expect(calls).toBe(2)
  })
})
