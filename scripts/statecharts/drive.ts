import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  createActor,
  fromCallback,
  type InspectionEvent,
} from "xstate"
import { type Seen, statePaths } from "../../src/machines/lib/paths"
import type { Chart } from "./charts"
import { type Path, stateKey, transitionKey } from "./graph"

interface Call {
  readonly src: string
  readonly input: unknown
  readonly self: AnyActorRef
}

/**
 * Every named actor replaced by one that never answers (the path's synthetic events answer
 * instead) but says it was started, with which input.
 */
export const stubbed = (machine: AnyStateMachine, calls: Call[] = []): AnyStateMachine =>
  machine.provide({
    actors: Object.fromEntries(
      Object.keys(machine.implementations.actors).map((src) => [
        src,
        fromCallback(({ input, self }) => {
          calls.push({ src, input, self })
        }),
      ]),
    ),
  })

export interface Drive {
  /** State reached after each step, as `stateKey` spells it. */
  readonly reached: ReadonlyArray<string>
  /** What could be observed at the start, then after each step. */
  readonly seen: ReadonlyArray<Seen>
  /** Keys of the transitions the running chart took (as its inspection reported them). */
  readonly taken: ReadonlySet<string>
}

/** Runs one path against the real chart (stubbed actors), step by step. */
export const drive = (chart: Chart, path: Path): Drive => {
  const taken = new Set<string>()
  // The root is told apart by its session id, not by the `actor` constant: a chart that moves by
  // an eventless transition at start reports that microstep while `createActor` is still running.
  const inspect = (event: InspectionEvent) => {
    if (event.type === "@xstate.microstep" && event.actorRef.sessionId === event.rootId) {
      for (const t of event._transitions) taken.add(transitionKey(t))
    }
  }
  const calls: Call[] = []
  const actor = createActor(stubbed(chart.machine, calls), { input: chart.input, inspect })
  const events: AnyEventObject[] = []
  const observe = (before: ReadonlyArray<string>): Seen => {
    const snapshot = actor.getSnapshot()
    const children = Object.values(snapshot.children as Record<string, AnyActorRef>)
    return {
      snapshot,
      states: statePaths(snapshot.value),
      before,
      event: events[events.length - 1] ?? null,
      events: [...events],
      running: calls.filter((c) => children.includes(c.self) && c.self.getSnapshot().status === "active"),
    }
  }
  actor.start()
  const seen = [observe([])]
  for (const step of path.steps) {
    const before = (seen[seen.length - 1] as Seen).states
    events.push(step.event)
    actor.send(step.event)
    seen.push(observe(before))
  }
  actor.stop()
  const reached = seen
    .slice(1)
    .map(({ snapshot }) =>
      snapshot.status === "error" ? `error: ${String(snapshot.error)}` : stateKey(snapshot),
    )
  return { reached, seen, taken }
}
