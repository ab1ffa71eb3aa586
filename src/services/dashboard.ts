import { DateTime, Effect } from "effect"
import { CanbusGroup } from "../schema/api.canbus"
import { DashboardGroup } from "../schema/api.dashboard"
import { speedBands } from "../schema/dashboard"
import type { MachineId } from "../schema/ids"
import { functionsOf, type SeriesField } from "../schema/rollups"
import { clientOf } from "./apiClient"

const api = clientOf(DashboardGroup, CanbusGroup)

/** What a machine's dashboard asks (docs/dashboards.md). */
export interface DashboardAsk {
  readonly machine: MachineId
  /** The period [start, end), ISO instants. */
  readonly start: string
  readonly end: string
  /** The series drawn, and how many points (the chart's width). */
  readonly field: SeriesField
  readonly points: number
}

/**
 * Everything a machine's dashboard shows for a period, read at once: its figures, the series
 * asked, the time per state, the speed bands, the median and 90th percentile of the speed, the
 * last values, and how the machine's CAN values read (docs/canbus.md).
 */
export const load = (ask: DashboardAsk) =>
  Effect.flatMap(api, (c) => {
    const period = { startDate: DateTime.unsafeMake(ask.start), endDate: DateTime.unsafeMake(ask.end) }
    const path = { id: ask.machine }
    const percentile = (p: number) =>
      c.dashboard.percentile({ path, urlParams: { ...period, dataType: "speed", percentile: p } })
    return Effect.all(
      {
        figures: c.dashboard.dashboardMachine({ path, urlParams: period }),
        series: c.dashboard.temporalDatas({
          path,
          urlParams: {
            ...period,
            field: ask.field,
            nbrOfValues: ask.points,
            fct: functionsOf(ask.field)[0] ?? "avg",
          },
        }),
        states: c.dashboard.categoriesCounter({
          path,
          urlParams: { ...period, dataType: "state", resultType: "seconds" },
        }),
        bands: c.dashboard.categoriesCounter({
          path,
          urlParams: { ...period, dataType: "speed", ...speedBands, resultType: "seconds" },
        }),
        median: percentile(50),
        p90: percentile(90),
        last: c.dashboard.lastTemporalDatas({ path, urlParams: {} }),
        configs: c.canbus.configs({ path, urlParams: { lang: "fr" } }),
      },
      { concurrency: 4 },
    )
  })

export type DashboardAnswer = Effect.Effect.Success<ReturnType<typeof load>>
