import { Schema } from "effect"
import { TimeZoneName } from "./activity"
import { ActivityId } from "./ids"
import type { MessageCode } from "./messages"
import { Locale } from "./user"
import { allowedText } from "./validation"

const code = (c: MessageCode) => ({ message: () => c })

/** The most activities one work order carries. */
export const maxWorkOrderActivities = 100
export const maxWorkOrderNote = 1000

/**
 * A work order (bon de travail, SPEC §2 machines/{id}/work_order, docs/work-order.md): the
 * machine's activities chosen (1 to 100, all of this machine), remarks, the language it is
 * written in and the time zone its dates and times are read in.
 */
export const WorkOrderInput = Schema.Struct({
  activities: Schema.Array(ActivityId).pipe(
    Schema.minItems(1, code("noActivityChosen")),
    Schema.maxItems(maxWorkOrderActivities, code("tooManyActivities")),
  ),
  note: Schema.optionalWith(
    allowedText(Schema.Trim.pipe(Schema.maxLength(maxWorkOrderNote, code("commentTooLong")))),
    { default: () => "" },
  ),
  lang: Schema.optionalWith(Locale, { default: () => "fr" as const }),
  tz: Schema.optionalWith(TimeZoneName, { default: () => "Europe/Paris" }),
})
export type WorkOrderInput = typeof WorkOrderInput.Type
