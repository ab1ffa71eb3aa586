import { createHash } from "node:crypto"
import type { Activity } from "../../src/schema/activity"
import { activityTotals } from "../../src/schema/activityTotals"
import { pickName } from "../../src/schema/catalogue"
import type { Locale } from "../../src/schema/user"
import { makePdf } from "../documents/pdf"
import { translations } from "../i18n"

/** A person's name as the screens write it. */
const nameOf = (p: {
  readonly firstname?: string | null
  readonly lastname?: string | null
  readonly name?: string | null
}) => [p.firstname, p.lastname].filter((s) => s != null && s !== "").join(" ") || (p.name ?? "")

/**
 * The order's number: the day it was made and a digest of the activities on it, so the same
 * activities give the same number the same day, and a reprint is recognised.
 */
export const workOrderNumber = (ids: ReadonlyArray<string>, day: string) =>
  `BT-${day.replaceAll("-", "")}-${createHash("sha256")
    .update([...ids].sort().join(","))
    .digest("hex")
    .slice(0, 6)
    .toUpperCase()}`

/**
 * A work order (bon de travail, docs/work-order.md) as a PDF: the machine, its structure and the
 * period, one line per activity (date, times, fields, drivers, member, product, hours of work,
 * hectares, kilometres, litres), the totals summed as every screen sums them, the remarks, and
 * boxes for the driver's and the client's signatures. Written in `lang`, times read in `zone`.
 */
export const workOrderPdf = (
  activities: ReadonlyArray<Activity>,
  options: { readonly lang: Locale; readonly zone: string; readonly note: string; readonly now: Date },
): Promise<Uint8Array> => {
  const t = translations(options.lang).workOrder.pdf
  const { lang, zone } = options
  const date = new Intl.DateTimeFormat(lang, { dateStyle: "short", timeZone: zone })
  const longDate = new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: zone })
  const time = new Intl.DateTimeFormat(lang, { timeStyle: "short", timeZone: zone })
  const decimals = (n: number) =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: n, maximumFractionDigits: n })
  const two = decimals(2).format
  const one = decimals(1).format
  const known = (value: number | null, write: (v: number) => string) =>
    value === null ? t.none() : write(value)
  const first = activities[0]
  const last = activities.at(-1)
  const totals = activityTotals(activities)
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(options.now)
  const machines = [...new Set(activities.map((a) => a.machine.name))].join(", ")
  const structures = [...new Set(activities.map((a) => a.machine.cluster.name))].join(", ")
  return makePdf(
    {
      title: `${t.title()} — ${machines}`,
      lang,
      landscape: true,
      footer: t.footer(),
      page: (page, pages) => t.page({ page, pages }),
    },
    (page) => {
      page.title(
        t.title(),
        `${t.number({
          number: workOrderNumber(
            activities.map((a) => a.id),
            today,
          ),
        })} · ${t.issued({ date: longDate.format(options.now) })}`,
      )
      page.facts([
        [t.machine(), machines],
        [t.structure(), structures],
        [
          t.period(),
          first && last
            ? t.periodValue({
                first: date.format(first.start.epochMillis),
                last: date.format(last.end.epochMillis),
              })
            : t.none(),
        ],
      ])
      page.table(
        [
          { header: t.date(), width: 1.3 },
          { header: t.time(), width: 1.5 },
          { header: t.fields(), width: 2.6 },
          { header: t.drivers(), width: 1.8 },
          { header: t.member(), width: 1.8 },
          { header: t.product(), width: 1.6 },
          { header: t.hours(), width: 1.2, align: "right" },
          { header: t.area(), width: 1.7, align: "right" },
          { header: t.distance(), width: 1.4, align: "right" },
          { header: t.fuel(), width: 1.3, align: "right" },
        ],
        activities.map((a) => [
          date.format(a.start.epochMillis),
          `${time.format(a.start.epochMillis)} – ${time.format(a.end.epochMillis)}`,
          a.fields.map((f) => f.name).join(", ") || t.none(),
          a.drivers.map(nameOf).join(", ") || t.none(),
          a.member ? nameOf(a.member) : t.none(),
          a.productType ? pickName(a.productType.name, lang) : t.none(),
          two(a.seconds.fieldWork / 3600),
          known(a.areaHa, two),
          one((a.workDistanceM + a.roadDistanceM) / 1000),
          known(a.fuelLitres, one),
        ]),
        [
          t.total(),
          "",
          "",
          "",
          "",
          "",
          two(totals.workSeconds / 3600),
          known(totals.areaHa, two),
          one(totals.workDistanceKm + totals.roadDistanceKm),
          known(totals.fuelLitres, one),
        ],
      )
      if (options.note !== "") page.paragraph(t.note(), options.note)
      page.signatures([t.driverSignature(), t.clientSignature()])
    },
  )
}
