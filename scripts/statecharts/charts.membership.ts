import type { Chart } from "./charts"

/** The membership charts (see charts.ts for what each entry must give). */
export const membershipCharts: ReadonlyArray<Chart> = []
