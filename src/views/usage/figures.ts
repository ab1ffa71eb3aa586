import type { ActivityTotals } from "../../schema/activity"

/** The figures a usage chart draws, each read from a bucket's totals in its unit. */
export const usageFigures = ["hours", "area", "distance", "fuel"] as const
export type UsageFigure = (typeof usageFigures)[number]

/** A bar's height: an unknown area or fuel draws no bar (the tables say it is unknown). */
export const figureValue = (totals: ActivityTotals, figure: UsageFigure): number =>
  figure === "hours"
    ? totals.workSeconds / 3600
    : figure === "area"
      ? (totals.areaHa ?? 0)
      : figure === "distance"
        ? totals.workDistanceKm + totals.roadDistanceKm
        : (totals.fuelLitres ?? 0)
