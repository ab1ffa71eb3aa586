import type { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { BookingFieldOption } from "../../src/schema/booking"
import { FieldGeometry } from "../../src/schema/field"
import { FieldId, UserId } from "../../src/schema/ids"
import { JsonColumn, NumericColumn } from "../db/columns"
import { decodeAll, IdRow } from "../db/decode"

const Text = Schema.NullOr(Schema.String)
const OptionRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  area_ha: NumericColumn,
  crop: Text,
  owner_id: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  o_name: Text,
  // Written by PostGIS from a valid multipolygon: read as it is.
  geometry: JsonColumn(Schema.typeSchema(FieldGeometry)),
})

const toOption = (r: typeof OptionRow.Type): BookingFieldOption => ({
  id: FieldId.make(r.id),
  name: r.name,
  areaHa: r.area_ha,
  crop: r.crop,
  owner: { id: UserId.make(r.owner_id), firstname: r.firstname, lastname: r.lastname, name: r.o_name },
  geometry: r.geometry,
})

/**
 * The fields a booking may name: those whose owner is a member of the booking's structure
 * (SPEC §3 Booking: fields; docs/rights.md, Bookings).
 */
export const bookingFieldsOf = (sql: SqlClient.SqlClient) => ({
  /** The structure's fields for the form: outlines simplified to about a metre, enough for a map. */
  fieldOptions: (clusterId: string) =>
    sql`SELECT f.id, f.name, f.area_ha, f.crop, f.owner_id, u.firstname, u.lastname, u.name AS o_name,
          ST_AsGeoJSON(ST_SimplifyPreserveTopology(
            CASE WHEN ST_NumGeometries(f.geom) = 1 THEN ST_GeometryN(f.geom, 1) ELSE f.geom END, 0.00001), 6)::json
            AS geometry
        FROM fields f
        JOIN memberships m ON m.user_id = f.owner_id AND m.cluster_id = ${clusterId}
        JOIN users u ON u.id = f.owner_id
        ORDER BY lower(f.name), f.name, f.id`.pipe(
      decodeAll(OptionRow),
      Effect.map((rows) => rows.map(toOption)),
    ),
  /** Of `ids`, the fields a booking of the structure may name. */
  fieldsIn: (clusterId: string, ids: ReadonlyArray<string>) =>
    ids.length === 0
      ? Effect.succeed([])
      : sql`SELECT f.id FROM fields f
          JOIN memberships m ON m.user_id = f.owner_id AND m.cluster_id = ${clusterId}
          WHERE f.id IN ${sql.in(ids)}`.pipe(
          decodeAll(IdRow),
          Effect.map((rows) => rows.map((r) => r.id)),
        ),
})
