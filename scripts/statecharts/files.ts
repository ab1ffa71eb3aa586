import { charts } from "./charts"
import { chartDoc, indexDoc } from "./markdown"

export const docsDir = "docs/statecharts"

/** Every file `npm run docs:statecharts` writes, by path from the repository root. */
export const docFiles = (): ReadonlyArray<{ path: string; text: string }> => [
  ...charts.map((chart) => ({ path: `${docsDir}/${chart.name}.md`, text: chartDoc(chart) })),
  { path: `${docsDir}/README.md`, text: indexDoc(charts) },
]
