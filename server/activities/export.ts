import { DateTime } from "effect"
import { Temporal } from "temporal-polyfill"
import type { Activity } from "../../src/schema/activity"
import { pickName } from "../../src/schema/catalogue"
import type { Locale } from "../../src/schema/user"
import type { ExportColumn, ExportTable, ExportValue } from "../exports/table"
import { translations } from "../i18n"

/** A person's name as the screens write it. */
const nameOf = (p: {
  readonly firstname?: string | null
  readonly lastname?: string | null
  readonly name?: string | null
}) => [p.firstname, p.lastname].filter((s) => s != null && s !== "").join(" ") || (p.name ?? "")

const instant = (t: DateTime.Utc) => Temporal.Instant.fromEpochMilliseconds(DateTime.toEpochMillis(t))

/**
 * The activities as a table for a spreadsheet, headers in the person's language with their units:
 * one row per activity, every figure of SPEC §3 Activity (hours, ha, km, L, km/h).
 */
export const activitiesTable = (activities: ReadonlyArray<Activity>, locale: Locale): ExportTable => {
  const t = translations(locale).activities
  const e = t.export
  const columns: Array<[ExportColumn, (a: Activity) => ExportValue]> = [
    [{ header: e.start(), kind: "instant", width: 18 }, (a) => instant(a.start)],
    [{ header: e.end(), kind: "instant", width: 18 }, (a) => instant(a.end)],
    [{ header: e.machine(), kind: "text", width: 22 }, (a) => a.machine.name],
    [{ header: e.structure(), kind: "text", width: 22 }, (a) => a.machine.cluster.name],
    [{ header: e.duration(), kind: "number", decimals: 2 }, (a) => a.durationSeconds / 3600],
    [{ header: e.workHours(), kind: "number", decimals: 2 }, (a) => a.seconds.fieldWork / 3600],
    [{ header: e.fields(), kind: "text", width: 28 }, (a) => a.fields.map((f) => f.name).join(", ")],
    [{ header: e.area(), kind: "number", decimals: 2 }, (a) => a.areaHa],
    [{ header: e.areaWithOverlap(), kind: "number", decimals: 2 }, (a) => a.areaWithOverlapHa],
    [{ header: e.workDistance(), kind: "number", decimals: 2 }, (a) => a.workDistanceM / 1000],
    [{ header: e.roadDistance(), kind: "number", decimals: 2 }, (a) => a.roadDistanceM / 1000],
    [{ header: e.fuel(), kind: "number", decimals: 1 }, (a) => a.fuelLitres],
    [
      { header: e.fuelSource(), kind: "text" },
      (a) => (a.fuelSource === "can" ? t.fuelCan() : a.fuelSource === "rate" ? t.fuelRate() : null),
    ],
    [{ header: e.maxSpeed(), kind: "number", decimals: 1 }, (a) => a.maxSpeedKmh],
    [
      { header: e.productType(), kind: "text" },
      (a) => (a.productType ? pickName(a.productType.name, locale) : null),
    ],
    [{ header: e.member(), kind: "text", width: 22 }, (a) => (a.member ? nameOf(a.member) : null)],
    [{ header: e.attribution(), kind: "text" }, (a) => t.reason[a.attribution]()],
    [{ header: e.drivers(), kind: "text", width: 22 }, (a) => a.drivers.map(nameOf).join(", ")],
    [
      { header: e.auxiliaries(), kind: "text", width: 22 },
      (a) => a.auxiliaries.map((x) => x.name).join(", "),
    ],
    [{ header: e.provisional(), kind: "text" }, (a) => (a.provisional ? e.yes() : e.no())],
  ]
  return {
    title: e.sheet(),
    columns: columns.map(([c]) => c),
    rows: activities.map((a) => columns.map(([, value]) => value(a))),
  }
}
