import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import type { AnyStateNode } from "xstate"
import { breaches, moveLabel, movesAt } from "../../src/machines/lib/paths"
import { charts } from "./charts"
import { describeEvent } from "./describe"
import { type Drive, drive } from "./drive"
import { docFiles } from "./files"
import { coveringPaths, stateKey, transitionsOf } from "./graph"

const allStates = (node: AnyStateNode): string[] =>
  Object.values(node.states).flatMap((child) => [child.path.join("."), ...allStates(child)])

describe.each(charts.map((chart) => [chart.name, chart] as const))("%s chart", (name, chart) => {
  const paths = coveringPaths(chart)
  const runs = paths.map((path) => drive(chart, path))

  it.each(paths.map((path, i) => [i + 1, stateKey(path.state), path, runs[i] as Drive] as const))(
    "path %i to %s meets the chart's spec at every step",
    (_, __, path, run) => {
      const steps = ["start", ...path.steps.map((step) => describeEvent(step.event))]
      const broken = run.seen.flatMap((seen, i) => {
        const found = breaches(chart.spec, seen)
        return found.length === 0
          ? []
          : [{ step: `${i + 1}. ${steps[i]} → ${seen.states.join(" > ")}`, found }]
      })
      expect(broken).toEqual([])
      // The QA text `npm run paths` prints for this path is what the chart really does.
      expect(run.reached).toEqual(path.steps.map((step) => stateKey(step.state)))
    },
  )

  it("has a spec naming every state, and every expected move occurs on the paths", () => {
    const states = allStates(chart.machine.root)
    const moves = new Set(runs.flatMap((run) => run.seen.flatMap((seen) => movesAt(chart.spec, seen))))
    expect({
      withoutInvariants: states.filter((state) => (chart.spec.states[state] ?? []).length === 0),
      unknownInSpec: Object.keys(chart.spec.states).filter((state) => !states.includes(state)),
      movesNeverTried: chart.spec.moves.filter((move) => !moves.has(move)).map(moveLabel),
    }).toEqual({ withoutInvariants: [], unknownInSpec: [], movesNeverTried: [] })
  })

  it("takes every transition of the chart", () => {
    const all = transitionsOf(chart.machine).map((t) => t.key)
    const taken = new Set(runs.flatMap((run) => [...run.taken]))
    const covered = all.filter((key) => taken.has(key))
    console.log(`${name}: ${covered.length}/${all.length} transitions`)
    expect(all.filter((key) => !taken.has(key))).toEqual([])
  })
})

describe("statechart docs", () => {
  it.each(docFiles().map((file) => [file.path, file.text] as const))(
    "%s is what `npm run docs:statecharts` writes",
    (path, text) => {
      let committed = ""
      try {
        committed = readFileSync(path, "utf8")
      } catch {
        // missing: compared as empty so the failure names the file
      }
      expect(committed, `${path} is stale: run npm run docs:statecharts`).toBe(text)
    },
  )
})
