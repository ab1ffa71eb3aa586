import type { Chart } from "./charts"

/** The machines charts (see charts.ts for what each entry must give). */
export const machinesCharts: ReadonlyArray<Chart> = []
