import { anActivity, anne, slurry } from "../../machines/activities/samples"
import { ActivityTotals } from "../../schema/activity"
import { activityTotals } from "../../schema/activityTotals"
import { ClusterId, FieldId, MachineId } from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import { FieldAnalysis, MachineUsage, UsagePoint } from "../../schema/usage"

/** Totals as the server sums them, from sample activities. */
export const totalsOf = (...hours: ReadonlyArray<number>) =>
  activityTotals(hours.map((h, i) => anActivity(i + 1, "2026-11-19T07:30:00.000Z", h)))

const zero = new ActivityTotals(activityTotals([]))

/** A machine's use over three days: work on the first and the last, for Anne and for nobody. */
export const aUsage = () =>
  new MachineUsage({
    bucket: "day",
    points: [
      new UsagePoint({ day: "2026-11-25", totals: totalsOf(3) }),
      new UsagePoint({ day: "2026-11-26", totals: zero }),
      new UsagePoint({ day: "2026-11-27", totals: totalsOf(2, 1) }),
    ],
    members: [
      { member: anne, totals: totalsOf(3, 1) },
      { member: null, totals: totalsOf(2) },
    ],
    totals: totalsOf(3, 2, 1),
  })

export const field = FieldId.make("00000000-0000-4000-8000-0000000000b1")
const drill = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a2"),
  name: "Semoir",
  cluster: { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA" },
})

/** A field's season: 16 ha worked twice over by a drill, slurry then nothing said. */
export const anAnalysis = (passes = 2) =>
  new FieldAnalysis({
    field: { id: field, name: "Les Longues Raies", areaHa: 16 },
    totals: passes === 0 ? zero : totalsOf(3, 2),
    passes,
    coverage: passes === 0 ? null : 2.05,
    machines:
      passes === 0
        ? []
        : [
            {
              machine: drill,
              totals: totalsOf(3, 2),
              last: anActivity(1, "2026-10-02T07:30:00.000Z", 1).end,
            },
          ],
    productTypes:
      passes === 0
        ? []
        : [
            { productType: slurry, totals: totalsOf(3) },
            { productType: null, totals: totalsOf(2) },
          ],
    months: [
      new UsagePoint({ day: "2026-09-01", totals: zero }),
      new UsagePoint({ day: "2026-10-01", totals: totalsOf(3, 2) }),
    ],
  })
