import { randomUUID } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { workStates } from "../../src/schema/workStates"
import { NumericColumn } from "../db/columns"
import { decodeAll } from "../db/decode"
import { numberArray, textArray } from "../ingest/validate"
import { writeStateHours } from "../rollups/states"
import { correctedLists, editsOf, listEditColumns, listEditSelect } from "./corrections"
import type { MachineDay } from "./days"
import type { EngineOutput } from "./engine/types"
import { fingerprint, matchStored } from "./identity"
import type { Box } from "./inputs"

const StoredRow = Schema.Struct({
  id: Schema.String,
  start_ms: NumericColumn,
  end_ms: NumericColumn,
  member_edited: Schema.Boolean,
  product_type_edited: Schema.Boolean,
  edited_member_id: Schema.NullOr(Schema.String),
  edited_product_type_id: Schema.NullOr(Schema.String),
  edited_by: Schema.NullOr(Schema.String),
  edited_at: Schema.NullOr(Schema.String),
  edit_fingerprint: Schema.NullOr(Schema.String),
  ...listEditColumns,
})
type StoredRow = typeof StoredRow.Type

const stateIndex = new Map<string, number>(workStates.map((s, i) => [s, i]))

/** Labels of the fixes inside the day: parallel arrays, activities and fields as indexes. */
const labelColumns = (output: EngineOutput, day: MachineDay, ids: ReadonlyArray<string>) => {
  const at: Array<number> = []
  const states: Array<number> = []
  const activityIndex: Array<number | null> = []
  const fieldIndex: Array<number | null> = []
  const fieldIds: Array<string> = []
  const fieldPosition = new Map<string, number>()
  let last = Number.NEGATIVE_INFINITY
  for (const label of output.labels) {
    // One label per instant (a duplicate fix is labelled twice, stored once).
    if (label.t < day.start || label.t >= day.end || label.t === last) continue
    last = label.t
    at.push(label.t)
    states.push(stateIndex.get(label.state) ?? 0)
    activityIndex.push(label.activity === null || ids[label.activity] === undefined ? null : label.activity)
    if (label.field === null) fieldIndex.push(null)
    else {
      let position = fieldPosition.get(label.field)
      if (position === undefined) {
        position = fieldIds.length
        fieldIds.push(label.field)
        fieldPosition.set(label.field, position)
      }
      fieldIndex.push(position)
    }
  }
  return { at, states, activityIndex, fieldIndex, fieldIds }
}

/**
 * Replaces one machine-day's activities and labels with what the engine found, in the caller's
 * transaction. An activity continuing a stored one keeps its id and a person's edit of it; when
 * its figures are no longer the ones the person saw, `differs_from_edit` says so.
 */
export const writeMachineDay = (
  machineId: string,
  day: MachineDay,
  output: EngineOutput,
  provisional: boolean,
  box: Box | null,
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const stored = yield* sql`SELECT id, extract(epoch FROM start_at)::float8 * 1000 AS start_ms,
        extract(epoch FROM end_at)::float8 * 1000 AS end_ms, member_edited, product_type_edited,
        edited_member_id, edited_product_type_id, edited_by, edited_at::text AS edited_at, edit_fingerprint,
        ${sql.unsafe(listEditSelect("activities"))}
      FROM activities WHERE machine_id = ${machineId} AND day = ${day.day}::date
      ORDER BY start_at FOR UPDATE`.pipe(decodeAll(StoredRow))
    const matched = matchStored<StoredRow & { start: number; end: number }>(
      stored.map((s) => ({ ...s, start: s.start_ms, end: s.end_ms })),
      output.activities,
    )
    const ids = output.activities.map((_, i) => matched[i]?.id ?? randomUUID())
    // A person's lists over the engine's (server/activities/corrections.ts), as every reader reads them.
    const lists = output.activities.map((a, i) => correctedLists(a, editsOf(matched[i])))
    const rows = output.activities.map((a, i) => {
      const old = matched[i]
      const figures = fingerprint(a)
      const edited =
        old !== undefined &&
        (old.member_edited ||
          old.product_type_edited ||
          old.fields_edited ||
          old.drivers_edited ||
          old.auxiliaries_edited)
      return {
        id: ids[i],
        start_at: new Date(a.start).toISOString(),
        end_at: new Date(a.end).toISOString(),
        duration_s: a.durationSeconds,
        road_distance_m: a.roadDistanceM,
        work_distance_m: a.workDistanceM,
        pause_s: a.pauseSeconds,
        pause_count: a.pauseCount,
        area_ha: a.areaHa,
        area_with_overlap_ha: a.areaWithOverlapHa,
        fuel_l: a.fuelLitres,
        fuel_source: a.fuelSource,
        max_speed_kmh: a.maxSpeedKmh,
        unknown_field_s: lists[i]?.unknownFieldSeconds ?? a.unknownFieldSeconds,
        seconds: a.seconds,
        product_type_id: a.productTypeId,
        booking_id: a.bookingId,
        member_id: a.attribution.memberId,
        attribution: a.attribution.reason,
        attribution_source: a.attribution.sourceId,
        figures_fingerprint: figures,
        member_edited: old?.member_edited ?? false,
        edited_member_id: old?.edited_member_id ?? null,
        product_type_edited: old?.product_type_edited ?? false,
        edited_product_type_id: old?.edited_product_type_id ?? null,
        edited_by: old?.edited_by ?? null,
        edited_at: old?.edited_at ?? null,
        edit_fingerprint: old?.edit_fingerprint ?? null,
        differs_from_edit: edited && old?.edit_fingerprint !== figures,
        fields_edited: old?.fields_edited ?? false,
        edited_field_ids: old?.edited_field_ids ?? null,
        drivers_edited: old?.drivers_edited ?? false,
        edited_driver_ids: old?.edited_driver_ids ?? null,
        auxiliaries_edited: old?.auxiliaries_edited ?? false,
        edited_auxiliary_ids: old?.edited_auxiliary_ids ?? null,
        engine_lists: {
          fields: a.fields,
          unknownFieldSeconds: a.unknownFieldSeconds,
          areaHa: a.areaHa,
          driverIds: a.driverIds,
          auxiliaryIds: a.auxiliaryIds,
        },
      }
    })
    yield* sql`DELETE FROM activities WHERE machine_id = ${machineId} AND day = ${day.day}::date`
    if (rows.length > 0) {
      yield* sql`INSERT INTO activities (machine_id, id, day, start_at, end_at, duration_s, road_distance_m,
          work_distance_m, pause_s, pause_count, area_ha, area_with_overlap_ha, fuel_l, fuel_source, max_speed_kmh,
          unknown_field_s, seconds, product_type_id, booking_id, member_id, attribution, attribution_source,
          provisional, figures_fingerprint, member_edited, edited_member_id, product_type_edited,
          edited_product_type_id, edited_by, edited_at, edit_fingerprint, differs_from_edit, fields_edited,
          edited_field_ids, drivers_edited, edited_driver_ids, auxiliaries_edited, edited_auxiliary_ids, engine_lists)
        SELECT ${machineId}::uuid, r.id, ${day.day}::date, r.start_at, r.end_at, r.duration_s, r.road_distance_m,
          r.work_distance_m, r.pause_s, r.pause_count, r.area_ha, r.area_with_overlap_ha, r.fuel_l, r.fuel_source,
          r.max_speed_kmh, r.unknown_field_s, r.seconds, r.product_type_id, r.booking_id, r.member_id, r.attribution,
          r.attribution_source, ${provisional}, r.figures_fingerprint, r.member_edited, r.edited_member_id,
          r.product_type_edited, r.edited_product_type_id, r.edited_by, r.edited_at, r.edit_fingerprint,
          r.differs_from_edit, r.fields_edited, r.edited_field_ids, r.drivers_edited, r.edited_driver_ids,
          r.auxiliaries_edited, r.edited_auxiliary_ids, r.engine_lists
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(id uuid, start_at timestamptz,
          end_at timestamptz, duration_s float8, road_distance_m float8, work_distance_m float8, pause_s float8,
          pause_count int, area_ha float8, area_with_overlap_ha float8, fuel_l float8, fuel_source text,
          max_speed_kmh float8, unknown_field_s float8, seconds jsonb, product_type_id uuid, booking_id uuid,
          member_id uuid, attribution text, attribution_source text, figures_fingerprint text,
          member_edited boolean, edited_member_id uuid, product_type_edited boolean,
          edited_product_type_id uuid, edited_by uuid, edited_at timestamptz, edit_fingerprint text,
          differs_from_edit boolean, fields_edited boolean, edited_field_ids uuid[], drivers_edited boolean,
          edited_driver_ids uuid[], auxiliaries_edited boolean, edited_auxiliary_ids uuid[], engine_lists jsonb)`
      const items = lists.flatMap((a, i) => [
        ...a.fields.map((f, position) => ({
          k: "f",
          a: ids[i],
          id: f.fieldId,
          p: position,
          w: f.workSeconds,
          h: f.areaHa,
        })),
        ...a.driverIds.map((id, position) => ({ k: "d", a: ids[i], id, p: position, w: 0, h: null })),
        ...a.auxiliaryIds.map((id, position) => ({ k: "x", a: ids[i], id, p: position, w: 0, h: null })),
      ])
      const json = JSON.stringify(items)
      const list = sql`jsonb_to_recordset(${json}::jsonb) AS l(k text, a uuid, id uuid, p int, w float8, h float8)`
      // A field, person or machine deleted since the fixes were read is left out (the join).
      yield* sql`INSERT INTO activity_fields (machine_id, activity_id, field_id, position, work_s, area_ha)
        SELECT ${machineId}::uuid, l.a, l.id, l.p, l.w, l.h FROM ${list} JOIN fields f ON f.id = l.id WHERE l.k = 'f'`
      yield* sql`INSERT INTO activity_drivers (machine_id, activity_id, user_id, position)
        SELECT ${machineId}::uuid, l.a, l.id, l.p FROM ${list} JOIN users u ON u.id = l.id WHERE l.k = 'd'`
      yield* sql`INSERT INTO activity_auxiliaries (machine_id, activity_id, auxiliary_id, position)
        SELECT ${machineId}::uuid, l.a, l.id, l.p FROM ${list} JOIN machines m ON m.id = l.id WHERE l.k = 'x'`
    }
    const labels = labelColumns(output, day, ids)
    yield* sql`INSERT INTO activity_labels (machine_id, day, at, states, activity_index, activity_ids, field_index,
        field_ids, box_w, box_s, box_e, box_n)
      VALUES (${machineId}, ${day.day}::date,
        (SELECT coalesce(array_agg(to_timestamp(x / 1000.0) ORDER BY o), '{}') FROM unnest(${numberArray(labels.at)}::float8[]) WITH ORDINALITY AS u(x, o)),
        ${numberArray(labels.states)}::smallint[], ${numberArray(labels.activityIndex)}::smallint[],
        ${textArray(ids)}::uuid[], ${numberArray(labels.fieldIndex)}::smallint[], ${textArray(labels.fieldIds)}::uuid[],
        ${box?.[0] ?? null}, ${box?.[1] ?? null}, ${box?.[2] ?? null}, ${box?.[3] ?? null})
      ON CONFLICT (machine_id, day) DO UPDATE SET at = excluded.at, states = excluded.states,
        activity_index = excluded.activity_index, activity_ids = excluded.activity_ids,
        field_index = excluded.field_index, field_ids = excluded.field_ids, box_w = excluded.box_w,
        box_s = excluded.box_s, box_e = excluded.box_e, box_n = excluded.box_n, computed_at = now()`
    // The day's time per state and hour, for the dashboards (server/rollups/states.ts).
    yield* writeStateHours((q) => q`l.machine_id = ${machineId} AND l.day = ${day.day}::date`)
    return { activities: rows.length, labels: labels.at.length }
  })
