import { type DirectedGraphNode, getShortestPaths, toDirectedGraph } from "@xstate/graph"
import {
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  getInitialSnapshot,
  getNextSnapshot,
} from "xstate"
import type { Chart } from "./charts"

export interface TransitionInfo {
  readonly key: string
  /** Dotted state path of the source, "" for the chart's root (any state). */
  readonly source: string
  readonly event: string
  readonly targets: ReadonlyArray<string>
  readonly guard: string | null
  readonly description: string | null
}
export interface Step {
  readonly event: AnyEventObject
  readonly state: AnyMachineSnapshot
  readonly taken: ReadonlyArray<string>
}
export interface Path {
  readonly steps: ReadonlyArray<Step>
  /** The state reached at the end. */
  readonly state: AnyMachineSnapshot
}

const pathOf = (node: { path: ReadonlyArray<string> }) => node.path.join(".")

/** Stable across `machine.provide(...)`: source node id, event type, rank among that event's transitions. */
export const transitionKey = (t: AnyTransitionDefinition): string =>
  `${t.source.id}:${t.eventType}:${(t.source.transitions.get(t.eventType) ?? []).indexOf(t)}`

const guardName = (guard: unknown): string | null =>
  typeof guard === "string" ? guard : ((guard as { type?: string } | undefined)?.type ?? null)

const nodes = (graph: DirectedGraphNode): DirectedGraphNode[] => [graph, ...graph.children.flatMap(nodes)]

/** Every transition of a chart, in the order its configuration declares them. */
export const transitionsOf = (machine: AnyStateMachine): ReadonlyArray<TransitionInfo> =>
  nodes(toDirectedGraph(machine)).flatMap((node) =>
    [...node.stateNode.transitions.values()].flat().map((t) => ({
      key: transitionKey(t),
      source: pathOf(t.source),
      event: t.eventType,
      targets: (t.target ?? []).map(pathOf),
      guard: guardName(t.guard),
      description: t.description ?? null,
    })),
  )

/** Errors are identified by their `_tag` (or message), so two samples of one event stay apart. */
export const eventKey = (event: AnyEventObject): string =>
  JSON.stringify(event, (_, value) =>
    value instanceof Error ? { error: (value as { _tag?: string })._tag ?? value.message } : value,
  )

export const stateKey = (snapshot: AnyMachineSnapshot): string =>
  typeof snapshot.value === "string" ? snapshot.value : JSON.stringify(snapshot.value)

const takenBy = (machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: AnyEventObject) =>
  snapshot.status === "active" ? (machine.getTransitionData(snapshot, event) ?? []).map(transitionKey) : []

/**
 * Shortest path (by `@xstate/graph`) to every state the sample events reach. States are told
 * apart by their value only, and `@xstate/graph` keeps, for each value, the snapshot it saw LAST
 * while the path it keeps is the FIRST (shortest) one: when context decides where an eventless
 * transition goes (the association's `deciding`), the two can disagree. So each path's events are
 * replayed from the start and its snapshots are the ones those events really produce.
 */
export const shortestPaths = (chart: Chart): ReadonlyArray<Path> => {
  const initial = getInitialSnapshot(chart.machine, chart.input) as AnyMachineSnapshot
  return getShortestPaths(chart.machine, {
    // Only events the state handles: an unhandled `xstate.error.actor.*` would fail the chart.
    events: (snapshot) => chart.events.filter((event) => takenBy(chart.machine, snapshot, event).length > 0),
    input: chart.input,
    serializeState: stateKey,
    serializeEvent: eventKey as never,
  }).map((path) => {
    let state = initial
    const steps = path.steps.slice(1).map((step) => {
      const event = step.event as AnyEventObject
      const taken = takenBy(chart.machine, state, event)
      state = getNextSnapshot(chart.machine, state, event) as AnyMachineSnapshot
      return { event, state, taken }
    })
    return { steps, state }
  })
}

/**
 * Paths that together take every transition the samples can reach: for each transition not yet
 * taken, the shortest path to a state where it fires, plus that step. Prefixes of other paths are
 * dropped.
 */
export const coveringPaths = (chart: Chart): ReadonlyArray<Path> => {
  const shortest = shortestPaths(chart)
  const covered = new Set(shortest.flatMap((p) => p.steps.flatMap((s) => s.taken)))
  const paths: Path[] = [...shortest]
  for (const path of shortest) {
    const last = path.state
    for (const event of chart.events) {
      const taken = takenBy(chart.machine, last, event)
      if (taken.length === 0 || taken.every((key) => covered.has(key))) continue
      for (const key of taken) covered.add(key)
      const state = getNextSnapshot(chart.machine, last, event) as AnyMachineSnapshot
      paths.push({ steps: [...path.steps, { event, state, taken }], state })
    }
  }
  const signature = (p: Path) => p.steps.map((s) => eventKey(s.event)).join("\n")
  const signatures = paths.map(signature)
  return paths.filter((_, i) => {
    const own = signatures[i] as string
    return !signatures.some(
      (other, j) => j !== i && (other === own ? j < i : other.startsWith(`${own}\n`) || own === ""),
    )
  })
}
