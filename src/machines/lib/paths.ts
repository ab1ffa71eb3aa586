import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from "xstate"

/** What one step of a path lets us observe, as a view or the router would. */
export interface Seen {
  readonly snapshot: AnyMachineSnapshot
  /** Dotted paths of the active states, parents first ("signedIn", "signedIn.ready"). */
  readonly states: ReadonlyArray<string>
  /** Active states before the step ([] at the start). */
  readonly before: ReadonlyArray<string>
  /** The step's event (null at the start). */
  readonly event: AnyEventObject | null
  /** Every event sent so far, this step's included. */
  readonly events: ReadonlyArray<AnyEventObject>
  /** Calls (stubbed actors) running after the step, with the input each was given. */
  readonly running: ReadonlyArray<{ readonly src: string; readonly input: unknown }>
}

export interface Check {
  readonly says: string
  readonly holds: (seen: Seen) => boolean
}

/** Where an event must lead from a state, whatever the chart's transition table says. */
export interface Move {
  /** A state (its children included), or "*" for any state. */
  readonly from: string
  readonly on: string
  /** Only for events of this kind (label, test). */
  readonly given?: readonly [string, (event: AnyEventObject) => boolean]
  /** The state the event must lead to; null: it must stay where it was. */
  readonly to: string | null
  readonly after?: ReadonlyArray<Check>
}

export interface Spec {
  /** Every state of the chart (parents apply to their children too) → what must hold there. */
  readonly states: Readonly<Record<string, ReadonlyArray<Check>>>
  readonly moves: ReadonlyArray<Move>
}

export const check = (says: string, holds: (seen: Seen) => boolean): Check => ({ says, holds })
export const doneOf = (actor: string) => `xstate.done.actor.${actor}`
export const errorOf = (actor: string) => `xstate.error.actor.${actor}`

export const context = (seen: Seen) => seen.snapshot.context as Record<string, unknown>
export const lastOf = (seen: Seen, ...types: ReadonlyArray<string>): AnyEventObject | undefined =>
  seen.events.findLast((event) => types.includes(event.type))
/** What the named call answered last on this path. */
export const answerOf = (seen: Seen, actor: string): unknown => lastOf(seen, doneOf(actor))?.output
/** The message code a refusal carries (SPEC §8); anything without one is the generic message. */
export const codeOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === "string" ? code : "generic"
}
export const tagOf = (error: unknown): unknown => (error as { _tag?: unknown } | null)?._tag

export const busy = check("carries the busy tag", (s) => s.snapshot.hasTag("busy"))
export const notBusy = check("has no busy tag", (s) => !s.snapshot.hasTag("busy"))
export const settled = check("carries the settled tag", (s) => s.snapshot.hasTag("settled"))
export const notSettled = check("has no settled tag", (s) => !s.snapshot.hasTag("settled"))
export const active = check("is still running", (s) => s.snapshot.status === "active")
export const calling = (src: string, input?: (seen: Seen) => unknown) =>
  check(`the ${src} call is running${input ? " with the expected input" : ""}`, (s) =>
    s.running.some((r) => r.src === src && (input === undefined || isDeepStrictEqual(r.input, input(s)))),
  )
/** A final state: the chart is done and its output is exactly what the call answered. */
export const finishedWith = (actor: string) =>
  check(`is done with the output ${actor} answered`, (s) => {
    const answer = answerOf(s, actor)
    return (
      s.snapshot.status === "done" && answer !== undefined && isDeepStrictEqual(s.snapshot.output, answer)
    )
  })
const under = (path: string, state: string) => path === state || path.startsWith(`${state}.`)

export const statePaths = (value: unknown, prefix = ""): string[] =>
  typeof value === "string"
    ? [`${prefix}${value}`]
    : Object.entries(value as Record<string, unknown>).flatMap(([key, inner]) => [
        `${prefix}${key}`,
        ...statePaths(inner, `${prefix}${key}.`),
      ])

export const moveLabel = (m: Move) =>
  `${m.from} --${m.on}${m.given ? ` (${m.given[0]})` : ""}--> ${m.to ?? "(stays)"}`

export const movesAt = (spec: Spec, seen: Seen): ReadonlyArray<Move> => {
  const { event } = seen
  if (event === null) return []
  return spec.moves.filter(
    (m) =>
      m.on === event.type &&
      (m.given === undefined || m.given[1](event)) &&
      (m.from === "*" || seen.before.some((state) => under(state, m.from))),
  )
}

/** Everything the spec says that this step breaks (empty: the step meets the spec). */
export const breaches = (spec: Spec, seen: Seen): string[] => {
  const invariants = seen.states.flatMap((state) => {
    const checks = spec.states[state]
    if (checks === undefined || checks.length === 0) return [`${state}: no invariants in the spec`]
    return checks.filter((c) => !c.holds(seen)).map((c) => `${state}: ${c.says}`)
  })
  const moves = movesAt(spec, seen).flatMap((m) => {
    const leaf = (states: ReadonlyArray<string>) => states[states.length - 1]
    const arrived = m.to === null ? leaf(seen.states) === leaf(seen.before) : seen.states.includes(m.to)
    return [
      ...(arrived ? [] : [`${moveLabel(m)}: went to ${seen.states.join(" > ")}`]),
      ...(m.after ?? []).filter((c) => !c.holds(seen)).map((c) => `${moveLabel(m)}: ${c.says}`),
    ]
  })
  return [...invariants, ...moves]
}

/**
 * Every statechart, with the sample events its paths are generated from and its spec: what must
 * hold in each state and where the key events lead, written from SPEC.md and the issue, not read
 * from the chart. A new chart added here gets its docs, its QA paths and its path tests. The
 * samples must reach every transition (the coverage test says which one is missing); every state
 * needs invariants in the spec (the path tests say which one has none).
 */
export interface Chart {
  readonly name: string
  readonly machine: AnyStateMachine
  readonly input?: unknown
  readonly events: ReadonlyArray<AnyEventObject>
  readonly spec: Spec
}
