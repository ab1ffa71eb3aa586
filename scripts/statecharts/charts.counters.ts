import type { Chart } from "./charts"

/** The counters charts (see charts.ts for what each entry must give). */
export const countersCharts: ReadonlyArray<Chart> = []
