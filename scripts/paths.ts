import { chartNamed, charts } from "./statecharts/charts"
import { pathsReport } from "./statecharts/describe"

/** `npm run paths -- <chart>`: the chart's paths as numbered steps, for QA. */
const name = process.argv[2]
const chart = name === undefined ? undefined : chartNamed(name)
if (chart === undefined) {
  console.error(`usage: npm run paths -- <chart>\ncharts: ${charts.map((c) => c.name).join(", ")}`)
  process.exit(name === undefined ? 0 : 1)
}
console.log(pathsReport(chart))
