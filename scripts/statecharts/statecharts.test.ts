import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { charts } from "./charts"
import { describeEvent } from "./describe"
import { drive } from "./drive"
import { docFiles } from "./files"
import { coveringPaths, stateKey, transitionsOf } from "./graph"

describe.each(charts.map((chart) => [chart.name, chart] as const))("%s chart", (name, chart) => {
  const paths = coveringPaths(chart)

  it.each(paths.map((path, i) => [i + 1, stateKey(path.state), path] as const))(
    "path %i to %s reaches the expected state after every step",
    (_, __, path) => {
      const expected = path.steps.map((step) => stateKey(step.state))
      const steps = path.steps.map((step) => describeEvent(step.event))
      expect({ steps, reached: drive(chart, path).reached }).toEqual({ steps, reached: expected })
    },
  )

  it("takes every transition of the chart", () => {
    const all = transitionsOf(chart.machine).map((t) => t.key)
    const taken = new Set(paths.flatMap((path) => [...drive(chart, path).taken]))
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
