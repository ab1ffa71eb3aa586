import type { Chart } from "./charts"

/** The planning charts (issue 5), with the sample events their paths are generated from. */
export const planningCharts: ReadonlyArray<Chart> = []
