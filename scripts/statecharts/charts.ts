import { meCharts } from "../../src/machines/account/charts"
import { activitiesCharts } from "../../src/machines/activities/charts"
import { adminCharts } from "../../src/machines/admin/charts"
import { announcementsCharts } from "../../src/machines/announcements/charts"
import { bookingsCharts } from "../../src/machines/booking/charts"
import { planningCharts } from "../../src/machines/booking/planning.charts"
import { countersCharts } from "../../src/machines/counters/charts"
import { dashboardCharts } from "../../src/machines/dashboard/charts"
import { fieldsCharts } from "../../src/machines/fields/charts"
import { machinesCharts } from "../../src/machines/fleet/charts"
import { geolocCharts } from "../../src/machines/geoloc/charts"
import { homeCharts } from "../../src/machines/home/charts"
import type { Chart } from "../../src/machines/lib/paths"
import { maintenanceCharts } from "../../src/machines/maintenance/charts"
import { clustersCharts } from "../../src/machines/membership/clusters.charts"
import { membershipCharts } from "../../src/machines/membership/membership.charts"
import { sessionCharts } from "../../src/machines/session/charts"
import { telemetryCharts } from "../../src/machines/telemetry/charts"
import { historyCharts } from "../../src/machines/telemetry/history.charts"
import { usageCharts } from "../../src/machines/usage/charts"
import { vegetationCharts } from "../../src/machines/vegetation/charts"

export type { Chart } from "../../src/machines/lib/paths"

/** The registry: every domain's charts (each domain lists its own beside its charts, in `src/machines/<domain>/`). */
export const charts: ReadonlyArray<Chart> = [
  ...sessionCharts,
  ...meCharts,
  ...clustersCharts,
  ...membershipCharts,
  ...machinesCharts,
  ...countersCharts,
  ...adminCharts,
  ...bookingsCharts,
  ...planningCharts,
  ...fieldsCharts,
  ...vegetationCharts,
  ...telemetryCharts,
  ...maintenanceCharts,
  ...historyCharts,
  ...geolocCharts,
  ...activitiesCharts,
  ...usageCharts,
  ...dashboardCharts,
  ...announcementsCharts,
  ...homeCharts,
]

export const chartNamed = (name: string): Chart | undefined => charts.find((chart) => chart.name === name)
