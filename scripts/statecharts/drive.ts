import { type AnyStateMachine, createActor, fromCallback, type InspectionEvent } from "xstate"
import type { Chart } from "./charts"
import { type Path, stateKey, transitionKey } from "./graph"

/** Every named actor replaced by one that never answers: the path's synthetic events answer instead. */
export const stubbed = (machine: AnyStateMachine): AnyStateMachine =>
  machine.provide({
    actors: Object.fromEntries(
      Object.keys(machine.implementations.actors).map((name) => [name, fromCallback(() => {})]),
    ),
  })

export interface Drive {
  /** State reached after each step, as `stateKey` spells it. */
  readonly reached: ReadonlyArray<string>
  /** Keys of the transitions the running chart took (as its inspection reported them). */
  readonly taken: ReadonlySet<string>
}

/** Runs one path against the real chart (stubbed actors), step by step. */
export const drive = (chart: Chart, path: Path): Drive => {
  const taken = new Set<string>()
  const inspect = (event: InspectionEvent) => {
    if (event.type === "@xstate.microstep" && event.actorRef === actor) {
      for (const t of event._transitions) taken.add(transitionKey(t))
    }
  }
  const actor = createActor(stubbed(chart.machine), { input: chart.input, inspect })
  actor.start()
  const reached = path.steps.map((step) => {
    actor.send(step.event)
    const snapshot = actor.getSnapshot()
    return snapshot.status === "error" ? `error: ${String(snapshot.error)}` : stateKey(snapshot)
  })
  actor.stop()
  return { reached, taken }
}
