import { Schema } from "effect"
import type { ActivityField } from "./engine/types"

/**
 * A person's corrections of an activity's lists (docs/activities.md#corrections), applied to what
 * the engine found: the same function runs when the person corrects and each time the day is
 * recomputed, so a correction reads the same before and after.
 */

/** What the engine found for an activity's lists (kept with it as `engine_lists`). */
export interface EngineLists {
  readonly fields: ReadonlyArray<ActivityField>
  readonly unknownFieldSeconds: number
  readonly areaHa: number | null
  readonly driverIds: ReadonlyArray<string>
  readonly auxiliaryIds: ReadonlyArray<string>
}

/** A person's lists; null where nothing was corrected (the engine's list stands). */
export interface ListEdits {
  readonly fields: ReadonlyArray<string> | null
  readonly drivers: ReadonlyArray<string> | null
  readonly auxiliaries: ReadonlyArray<string> | null
}

export interface CorrectedLists {
  readonly fields: ReadonlyArray<ActivityField>
  readonly unknownFieldSeconds: number
  readonly driverIds: ReadonlyArray<string>
  readonly auxiliaryIds: ReadonlyArray<string>
}

const sum = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0)

/**
 * The fields a person says the work was in. Each keeps what the engine measured in it; the work
 * the engine placed elsewhere (another field, or outside every known field: a field not drawn yet,
 * a trace that drifted) goes to the first one chosen, so the activity's hours and hectares are all
 * in its fields. One field chosen holds the activity's area to the last digit. None chosen: all the
 * field work is outside every known field.
 */
export const correctFields = (
  engine: Pick<EngineLists, "fields" | "unknownFieldSeconds" | "areaHa">,
  chosen: ReadonlyArray<string>,
): Pick<CorrectedLists, "fields" | "unknownFieldSeconds"> => {
  const totalSeconds = sum(engine.fields.map((f) => f.workSeconds)) + engine.unknownFieldSeconds
  const ids = [...new Set(chosen)]
  if (ids.length === 0) return { fields: [], unknownFieldSeconds: totalSeconds }
  const measured = new Map(engine.fields.map((f) => [f.fieldId, f]))
  const kept = ids.map((fieldId) => ({
    fieldId,
    workSeconds: measured.get(fieldId)?.workSeconds ?? 0,
    areaHa: engine.areaHa === null ? null : (measured.get(fieldId)?.areaHa ?? 0),
  }))
  const [first, ...rest] = kept
  if (first === undefined) return { fields: [], unknownFieldSeconds: totalSeconds }
  const restSeconds = sum(rest.map((f) => f.workSeconds))
  const restArea = sum(rest.map((f) => f.areaHa ?? 0))
  return {
    fields: [
      {
        fieldId: first.fieldId,
        workSeconds: Math.max(0, totalSeconds - restSeconds),
        areaHa:
          engine.areaHa === null
            ? null
            : rest.length === 0
              ? engine.areaHa
              : Math.max(0, engine.areaHa - restArea),
      },
      ...rest,
    ],
    unknownFieldSeconds: 0,
  }
}

/** The lists as the activity shows them: the person's where they corrected one, else the engine's. */
export const correctedLists = (engine: EngineLists, edits: ListEdits): CorrectedLists => ({
  ...(edits.fields === null
    ? { fields: engine.fields, unknownFieldSeconds: engine.unknownFieldSeconds }
    : correctFields(engine, edits.fields)),
  driverIds: edits.drivers === null ? engine.driverIds : [...new Set(edits.drivers)],
  auxiliaryIds: edits.auxiliaries === null ? engine.auxiliaryIds : [...new Set(edits.auxiliaries)],
})

/** The columns of an activity that hold a person's lists, as read (`listEditSelect`). */
export const listEditColumns = {
  fields_edited: Schema.Boolean,
  edited_field_ids: Schema.NullOr(Schema.Array(Schema.String)),
  drivers_edited: Schema.Boolean,
  edited_driver_ids: Schema.NullOr(Schema.Array(Schema.String)),
  auxiliaries_edited: Schema.Boolean,
  edited_auxiliary_ids: Schema.NullOr(Schema.Array(Schema.String)),
}
type ListEditRow = Schema.Struct.Type<typeof listEditColumns>

/** The SELECT list of `listEditColumns` from `activities` as `alias`. */
export const listEditSelect = (alias: string) =>
  `${alias}.fields_edited, ${alias}.edited_field_ids::text[] AS edited_field_ids, ${alias}.drivers_edited,
   ${alias}.edited_driver_ids::text[] AS edited_driver_ids, ${alias}.auxiliaries_edited,
   ${alias}.edited_auxiliary_ids::text[] AS edited_auxiliary_ids`

/** A person's lists as stored (null where nothing was corrected). */
export const editsOf = (row: ListEditRow | undefined): ListEdits => ({
  fields: row?.fields_edited ? (row.edited_field_ids ?? []) : null,
  drivers: row?.drivers_edited ? (row.edited_driver_ids ?? []) : null,
  auxiliaries: row?.auxiliaries_edited ? (row.edited_auxiliary_ids ?? []) : null,
})
