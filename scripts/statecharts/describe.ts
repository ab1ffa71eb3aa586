import type { AnyEventObject } from "xstate"
import type { Chart } from "./charts"
import { coveringPaths, eventKey, type Path, shortestPaths, stateKey, transitionsOf } from "./graph"

const short = (value: unknown): string => {
  const text = eventKey({ type: "", value } as AnyEventObject).slice('{"type":"","value":'.length, -1)
  return text.length > 70 ? `${text.slice(0, 69)}…` : text
}

/** One QA step in words: what to send, or which actor answers and how. */
export const describeEvent = (event: AnyEventObject): string => {
  const [, kind, id] = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type) ?? []
  if (kind === "done")
    return `actor "${id}" succeeds${event.output === undefined ? "" : ` with ${short(event.output)}`}`
  if (kind === "error") {
    const error = event.error as { _tag?: string; message?: string }
    return `actor "${id}" fails with ${error._tag ?? error.message ?? short(error)}`
  }
  const { type, ...payload } = event
  return `send ${type}${Object.keys(payload).length === 0 ? "" : ` ${short(payload)}`}`
}

const formatPath = (path: Path, start: string, index: number): string[] => [
  `${index + 1}. to ${stateKey(path.state)}`,
  `   1. start → ${start}`,
  ...path.steps.map((step, i) => `   ${i + 2}. ${describeEvent(step.event)} → ${stateKey(step.state)}`),
]

/** The text `npm run paths -- <chart>` prints. */
export const pathsReport = (chart: Chart): string => {
  const shortest = shortestPaths(chart)
  const start = stateKey(
    (shortest.find((p) => p.steps.length === 0) ?? shortest[0])?.state ?? chart.machine.root,
  )
  const covering = coveringPaths(chart)
  const all = transitionsOf(chart.machine).length
  const taken = new Set(covering.flatMap((p) => p.steps.flatMap((s) => s.taken))).size
  return [
    `# ${chart.name}: shortest path to every state`,
    "",
    ...shortest.flatMap((p, i) => formatPath(p, start, i)),
    "",
    `# ${chart.name}: paths covering every transition (${taken}/${all} transitions)`,
    "",
    ...covering.flatMap((p, i) => formatPath(p, start, i)),
    "",
  ].join("\n")
}
