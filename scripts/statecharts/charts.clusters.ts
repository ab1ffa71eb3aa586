import type { Chart } from "./charts"

/** The clusters charts (see charts.ts for what each entry must give). */
export const clustersCharts: ReadonlyArray<Chart> = []
