import type { Chart } from "./charts"

/** The admin area, BLE tags and pickoff charts (see charts.ts for what each entry must give). */
export const adminCharts: ReadonlyArray<Chart> = []
