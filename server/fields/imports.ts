import type { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { FieldGeometry, type ImportAction, type ImportCandidate } from "../../src/schema/field"
import { FieldId } from "../../src/schema/ids"
import { JsonColumn, NumericColumn } from "../db/columns"
import { decodeAll } from "../db/decode"
import type { Candidate, ImportFormat, Parsed } from "./import/candidate"

/** The shapes two outlines must share (intersection over union) for a new file's parcel to be an old field. */
export const sameShapeRatio = 0.8

const Assessed = Schema.Struct({
  key: Schema.Number,
  valid: Schema.Boolean,
  reason: Schema.NullOr(Schema.String),
  x: Schema.NullOr(Schema.Number),
  y: Schema.NullOr(Schema.Number),
  area_ha: Schema.NullOr(NumericColumn),
  geometry: Schema.NullOr(JsonColumn(Schema.Unknown)),
  match_id: Schema.NullOr(Schema.String),
  match_name: Schema.NullOr(Schema.String),
  same_pac: Schema.NullOr(Schema.Boolean),
  overlap: Schema.NullOr(NumericColumn),
  identical: Schema.NullOr(Schema.Boolean),
})
type Assessed = typeof Assessed.Type

/** A candidate as SQL receives it: GeoJSON or a GeoPackage's WKB, in the file's coordinate system. */
const asRecord = (c: Candidate, key: number) => ({
  key,
  srid: c.srid,
  gj: c.geometry.type === "wkb" ? null : c.geometry,
  wkb: c.geometry.type === "wkb" ? c.geometry.hex : null,
  name: c.name.slice(0, 200),
  crop: c.crop,
  campaign: c.pac?.campaign ?? null,
  pacage: c.pac?.pacage ?? null,
  island: c.pac?.island ?? null,
  parcel: c.pac?.parcel ?? null,
  declared: c.pac?.declaredAreaHa ?? null,
})

/**
 * The candidates as rows (`key`, their facts, and `g`: the outline brought to WGS 84 in two
 * dimensions, as it will be stored). The preview and the import compute it the same way, so what
 * the preview found valid is saved exactly as checked.
 */
export const candidateRows = (
  sql: SqlClient.SqlClient,
  candidates: ReadonlyArray<readonly [number, Candidate]>,
) =>
  sql`SELECT c.*, ST_Multi(ST_Force2D(ST_Transform(ST_SetSRID(
      CASE WHEN c.wkb IS NOT NULL THEN ST_GeomFromWKB(decode(c.wkb, 'hex')) ELSE ST_GeomFromGeoJSON(c.gj::text) END,
      c.srid), 4326))) AS g
    FROM jsonb_to_recordset(${JSON.stringify(candidates.map(([key, c]) => asRecord(c, key)))}::jsonb)
      AS c(key int, srid int, gj jsonb, wkb text, name text, crop text, campaign int, pacage text, island text,
           parcel text, declared double precision)`

export const sourceOf = (format: ImportFormat) =>
  format === "telepacShapefile" || format === "telepacXml"
    ? "telepac"
    : format === "kml" || format === "kmz"
      ? "kml"
      : format

/**
 * Every candidate measured and checked by PostGIS (brought to WGS 84, two dimensions), and the
 * owner's field it would update: the same îlot and parcel whose outline meets it, else the one it
 * overlaps most (at least `sameShapeRatio` of their union); `identical` when nothing would change.
 * The outlines are built once (MATERIALIZED): inlined, each use rebuilt them, and 5,000 parcels
 * took 3.6 s instead of 1.3 (`npm run bench`).
 */
const assessSql = (sql: SqlClient.SqlClient, parsed: Parsed, owner: string) =>
  sql`WITH g AS MATERIALIZED (${candidateRows(sql, [...parsed.candidates.entries()])}), v AS MATERIALIZED (
      SELECT g.*, ST_IsValid(g.g) AND NOT ST_IsEmpty(g.g) AS valid FROM g
    )
    SELECT v.key, v.valid,
      CASE WHEN v.valid THEN NULL ELSE coalesce((ST_IsValidDetail(v.g)).reason, 'Empty') END AS reason,
      CASE WHEN v.valid THEN NULL ELSE ST_X((ST_IsValidDetail(v.g)).location) END AS x,
      CASE WHEN v.valid THEN NULL ELSE ST_Y((ST_IsValidDetail(v.g)).location) END AS y,
      CASE WHEN v.valid THEN field_area_ha(v.g) END AS area_ha,
      ST_AsGeoJSON(CASE WHEN ST_NumGeometries(v.g) = 1 THEN ST_GeometryN(v.g, 1) ELSE v.g END, 9)::json AS geometry,
      m.id AS match_id, m.name AS match_name, m.same_pac, m.overlap, m.identical
    FROM v LEFT JOIN LATERAL (
      SELECT f.id, f.name, f.pac_island IS NOT DISTINCT FROM v.island AND f.pac_parcel IS NOT DISTINCT FROM v.parcel
          AND v.island IS NOT NULL AS same_pac,
        ST_Area(ST_Intersection(f.geom, v.g)) / NULLIF(ST_Area(ST_Union(f.geom, v.g)), 0) AS overlap,
        ST_Equals(ST_SnapToGrid(f.geom, 1e-8), ST_SnapToGrid(v.g, 1e-8)) AND f.name = v.name
          AND f.crop IS NOT DISTINCT FROM v.crop AS identical
      FROM fields f
      WHERE v.valid AND f.owner_id = ${owner} AND f.geom && v.g AND ST_Intersects(f.geom, v.g)
      ORDER BY 3 DESC, 4 DESC
      LIMIT 1
    ) m ON (m.same_pac OR m.overlap >= ${sameShapeRatio})
    ORDER BY v.key`.pipe(decodeAll(Assessed))

/** An old field is updated by one parcel at most: the best (same îlot/parcel, then overlap); others create. */
const oneEach = (rows: ReadonlyArray<Assessed>): ReadonlyArray<Assessed> => {
  const best = new Map<string, Assessed>()
  const score = (r: Assessed) => (r.same_pac ? 10 : 0) + (r.overlap ?? 0)
  for (const r of rows)
    if (r.match_id !== null) {
      const held = best.get(r.match_id)
      if (!held || score(r) > score(held)) best.set(r.match_id, r)
    }
  return rows.map((r) =>
    r.match_id !== null && best.get(r.match_id) !== r
      ? { ...r, match_id: null, match_name: null, same_pac: null, overlap: null, identical: null }
      : r,
  )
}

const isGeometry = Schema.is(FieldGeometry)

const actionOf = (r: Assessed): ImportAction =>
  !r.valid ? "refused" : r.match_id === null ? "create" : r.identical ? "unchanged" : "update"

/** The preview of a parsed file for `owner`: what each candidate is and what importing it would do. */
export const assess = (sql: SqlClient.SqlClient, parsed: Parsed, owner: string) =>
  Effect.map(assessSql(sql, parsed, owner), (rows) =>
    oneEach(rows).map((r): ImportCandidate => {
      const c = parsed.candidates[r.key]
      return {
        key: r.key,
        name: c?.name ?? "",
        areaHa: r.area_ha,
        crop: c?.crop ?? null,
        pac: c?.pac ?? null,
        // An invalid outline is still shown where it can be drawn.
        geometry: isGeometry(r.geometry) ? r.geometry : null,
        action: actionOf(r),
        match: r.match_id === null ? null : { id: FieldId.make(r.match_id), name: r.match_name ?? "" },
        problem: r.valid
          ? null
          : { reason: r.reason ?? "", at: r.x === null || r.y === null ? null : [r.x, r.y] },
      }
    }),
  )
