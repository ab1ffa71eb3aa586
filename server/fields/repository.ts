import { SqlClient, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { FieldGeometry, FieldQuery } from "../../src/schema/field"
import { decodeAll, decodeFirst } from "../db/decode"
import { FieldRow, OwnershipRow } from "./rows"

/** What PostGIS says of an outline: valid or why not (and where), and its area in hectares. */
const Check = Schema.Struct({
  valid: Schema.Boolean,
  reason: Schema.NullOr(Schema.String),
  x: Schema.NullOr(Schema.Number),
  y: Schema.NullOr(Schema.Number),
  area_ha: Schema.NullOr(Schema.Number),
})
export type GeometryCheck = typeof Check.Type

const Id = Schema.Struct({ id: Schema.String })
const Person = Schema.Struct({
  owner_id: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
})
/** The index as PostgreSQL writes it: one JSON text (FieldIndex), no row per field to go through. */
const IndexText = Schema.Struct({ body: Schema.String })
/** A field in a tile: its outline simplified for the tile's zoom, as GeoJSON text. */
export const TileRow = Schema.Struct({ id: Schema.String, owner: Schema.String, geometry: Schema.String })
export type TileRow = typeof TileRow.Type
const Owned = Schema.Struct({ owner_id: Schema.String, owned_since: Schema.String })

/**
 * Fields in SQL. Who sees and manages a field is asked here, in one place (docs/rights.md, Fields):
 * the owner and whoever acts for them (their delegated users) manage it; members of a structure the
 * owner belongs to who hold "Voir les machines" there see it.
 */
export class FieldsRepo extends Effect.Service<FieldsRepo>()("FieldsRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** The owners whose fields the caller manages: themselves and their delegated users (SPEC §6). */
    const managed = (me: string) =>
      sql`(SELECT ${me}::uuid AS id UNION SELECT d.delegate_id FROM delegations d WHERE d.user_id = ${me})`
    /** The owners whose fields the caller sees. */
    const seen = (me: string) => sql`(SELECT id FROM ${managed(me)} AS m
      UNION SELECT other.user_id FROM memberships mine
        JOIN memberships other ON other.cluster_id = mine.cluster_id
        WHERE mine.user_id = ${me} AND 'seeMachines' = ANY (mine.rights))`

    /** Fields the caller sees (or, `anyOwner`, any: the answer to a change that gave one away). */
    const select = (me: string, where: Statement.Fragment, anyOwner = false) =>
      sql`SELECT f.id, f.name, f.area_ha, f.owner_id, u.firstname AS o_firstname, u.lastname AS o_lastname,
          u.name AS o_name, to_char(f.owned_since, 'YYYY-MM-DD') AS owned_since, f.crop, f.pac_campaign,
          f.pac_pacage, f.pac_island, f.pac_parcel, f.declared_area_ha, f.source,
          ST_AsGeoJSON(CASE WHEN ST_NumGeometries(f.geom) = 1 THEN ST_GeometryN(f.geom, 1) ELSE f.geom END, 9)::json AS geometry,
          ARRAY[ST_XMin(f.geom), ST_YMin(f.geom), ST_XMax(f.geom), ST_YMax(f.geom)] AS bbox,
          f.created_at, f.updated_at, f.owner_id IN (SELECT id FROM ${managed(me)} AS m) AS manages
        FROM fields f JOIN users u ON u.id = f.owner_id
        WHERE ${anyOwner ? sql`true` : sql`f.owner_id IN ${seen(me)}`} AND ${where}
        ORDER BY lower(f.name), f.name, f.id`.pipe(decodeAll(FieldRow))

    const geometryOf = (g: FieldGeometry) =>
      sql`ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${JSON.stringify(g)}), 4326))`

    return {
      /** The owners whose fields the caller sees, as an SQL fragment (for other domains' questions about fields). */
      seenOwners: seen,
      list: (me: string, q: FieldQuery) => {
        const [lng, lat] = (q.point ?? "").split(",").map(Number)
        const [w, s, e, n] = (q.bbox ?? "").split(",").map(Number)
        return select(
          me,
          sql.and([
            q.user && q.user.length > 0 ? sql`f.owner_id IN ${sql.in(q.user)}` : sql`true`,
            q.point ? sql`ST_Intersects(f.geom, ST_SetSRID(ST_MakePoint(${lng}, ${lat}), 4326))` : sql`true`,
            q.bbox ? sql`ST_Intersects(f.geom, ST_MakeEnvelope(${w}, ${s}, ${e}, ${n}, 4326))` : sql`true`,
          ]),
        ).pipe(Effect.withSpan("FieldsRepo.list"))
      },
      /**
       * FieldsMain's index (FieldIndex) of what the caller sees, written as JSON by PostgreSQL: the
       * fields by name, column by column; their owners (with the caller's structures they are a
       * member of); the caller's structures; the box around them all; and a version that changes
       * with any field seen (added, gone, edited, handed over).
       */
      index: (me: string) =>
        sql`WITH v AS (
            SELECT f.id, f.name, round(f.area_ha * 10000) / 10000 AS area_ha, f.owner_id, f.crop, f.updated_at,
              f.box_w AS w, f.box_s AS s, f.box_e AS e, f.box_n AS n
            FROM fields f WHERE f.owner_id IN ${seen(me)}
          ), o AS (
            SELECT u.id, u.firstname, u.lastname, u.name,
              (row_number() OVER (ORDER BY lower(u.lastname), lower(u.firstname), u.id) - 1)::int AS i,
              ARRAY(SELECT other.cluster_id FROM memberships mine
                JOIN memberships other ON other.cluster_id = mine.cluster_id
                WHERE mine.user_id = ${me} AND other.user_id = u.id ORDER BY other.cluster_id) AS structures
            FROM users u WHERE u.id IN (SELECT DISTINCT owner_id FROM v)
            -- Sorted once: every column below is aggregated in one pass over these rows, so the
            -- same position in each array is always the same field.
          ), vo AS (SELECT v.*, o.i FROM v JOIN o ON o.id = v.owner_id ORDER BY lower(v.name), v.name, v.id)
          SELECT json_build_object(
            -- Any field added, gone, edited or handed over changes it (a sum: no sort of 30,000 rows).
            'version', (SELECT count(*) || '-' || COALESCE(sum(hashtextextended(id::text || owner_id::text || updated_at::text, 0)), 0) FROM v),
            'structures', COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY lower(c.name), c.id)
              FROM clusters c JOIN memberships m ON m.cluster_id = c.id WHERE m.user_id = ${me}), '[]'::json),
            'owners', COALESCE((SELECT json_agg(json_build_object('id', o.id, 'firstname', o.firstname,
              'lastname', o.lastname, 'name', o.name, 'structures', o.structures) ORDER BY o.i) FROM o), '[]'::json),
            'bounds', (SELECT CASE WHEN count(*) = 0 THEN NULL ELSE json_build_array(min(w), min(s), max(e), max(n)) END FROM v),
            'fields', (SELECT json_build_object(
              'id', COALESCE(json_agg(id), '[]'::json),
              'name', COALESCE(json_agg(name), '[]'::json),
              'areaHa', COALESCE(json_agg(area_ha), '[]'::json),
              'owner', COALESCE(json_agg(i), '[]'::json),
              'crop', COALESCE(json_agg(crop), '[]'::json),
              'bbox', ('[' || COALESCE(string_agg(concat_ws(',', w, s, e, n), ','), '') || ']')::json)
              FROM vo)
          )::text AS body`.pipe(
          decodeFirst(IndexText),
          Effect.map((row) => row?.body ?? "{}"),
          Effect.withSpan("FieldsRepo.index"),
        ),
      /**
       * What the index's answer depends on, for the caller, hashed: the fields seen (each id, owner
       * and last change, summed as the index's own version is), the owners' names, the caller's
       * structures and who is a member of them. Equal tags, equal answers; a few milliseconds where
       * the index itself takes hundreds (the browser keeps the answer and asks with this tag).
       */
      indexTag: (me: string) =>
        sql`SELECT md5(concat_ws('|', ${me}::text,
            (SELECT count(*) || '-' || COALESCE(sum(hashtextextended(id::text || owner_id::text || updated_at::text, 0)), 0)
              FROM fields WHERE owner_id IN ${seen(me)}),
            (SELECT string_agg(concat_ws(',', u.id, u.firstname, u.lastname, u.name), ';' ORDER BY u.id)
              FROM users u WHERE u.id IN ${seen(me)}),
            (SELECT string_agg(concat_ws(',', c.id, c.name, other.user_id), ';' ORDER BY c.id, other.user_id)
              FROM memberships mine JOIN clusters c ON c.id = mine.cluster_id
              JOIN memberships other ON other.cluster_id = mine.cluster_id WHERE mine.user_id = ${me})
          )) AS body`.pipe(
          decodeFirst(IndexText),
          Effect.map((row) => row?.body ?? ""),
          Effect.withSpan("FieldsRepo.indexTag"),
        ),
      /**
       * The fields the caller sees that meet the box (degrees), outlines simplified to `tolerance`
       * degrees (topology kept: a simplified field stays valid).
       */
      inBox: (me: string, box: readonly [number, number, number, number], tolerance: number) =>
        sql`SELECT f.id, f.owner_id AS owner,
            ST_AsGeoJSON(ST_SimplifyPreserveTopology(f.geom, ${tolerance}), 7) AS geometry
          FROM fields f
          WHERE f.owner_id IN ${seen(me)} AND f.geom && ST_MakeEnvelope(${box[0]}, ${box[1]}, ${box[2]}, ${box[3]}, 4326)`.pipe(
          decodeAll(TileRow),
          Effect.withSpan("FieldsRepo.inBox"),
        ),
      get: (me: string, id: string, anyOwner = false) =>
        select(me, sql`f.id = ${id}`, anyOwner).pipe(
          Effect.map((rows) => rows[0]),
          Effect.withSpan("FieldsRepo.get"),
        ),
      /** The field's row locked for the rest of the transaction: its owner, whatever the caller sees. */
      lock: (id: string) =>
        sql`SELECT owner_id, to_char(owned_since, 'YYYY-MM-DD') AS owned_since FROM fields WHERE id = ${id} FOR UPDATE`.pipe(
          decodeFirst(Owned),
        ),
      /** Whether the caller manages `owner`'s fields (may create one for them). */
      manages: (me: string, owner: string) =>
        sql`SELECT ${owner}::uuid AS id WHERE ${owner}::uuid IN (SELECT id FROM ${managed(me)} AS m)`.pipe(
          decodeFirst(Id),
          Effect.map((row) => row !== undefined),
        ),
      /**
       * Whether the caller may hand a field to `user`: one of the owners they manage, or a member
       * of a structure they belong to.
       */
      mayHandTo: (me: string, user: string) =>
        sql`SELECT ${user}::uuid AS id WHERE ${user}::uuid IN (SELECT id FROM ${managed(me)} AS m)
          OR EXISTS (SELECT 1 FROM memberships mine JOIN memberships other ON other.cluster_id = mine.cluster_id
                     WHERE mine.user_id = ${me} AND other.user_id = ${user})`.pipe(
          decodeFirst(Id),
          Effect.map((row) => row !== undefined),
        ),
      /**
       * Whom the caller may hand a field to (as `mayHandTo` says), but `except` (its owner now), by name:
       * the owners they manage and the members of the structures they belong to.
       */
      handTo: (me: string, except: string) =>
        sql`SELECT u.id AS owner_id, u.firstname, u.lastname, u.name FROM users u
          WHERE u.id <> ${except} AND (u.id IN (SELECT id FROM ${managed(me)} AS m)
            OR u.id IN (SELECT other.user_id FROM memberships mine
                        JOIN memberships other ON other.cluster_id = mine.cluster_id WHERE mine.user_id = ${me}))
          ORDER BY lower(u.lastname), lower(u.firstname), u.id`.pipe(decodeAll(Person)),
      check: (g: FieldGeometry) =>
        sql`WITH g AS (SELECT ${geometryOf(g)} AS g)
          SELECT ST_IsValid(g) AND NOT ST_IsEmpty(g) AS valid,
            CASE WHEN ST_IsValid(g) THEN NULL ELSE (ST_IsValidDetail(g)).reason END AS reason,
            CASE WHEN ST_IsValid(g) THEN NULL ELSE ST_X((ST_IsValidDetail(g)).location) END AS x,
            CASE WHEN ST_IsValid(g) THEN NULL ELSE ST_Y((ST_IsValidDetail(g)).location) END AS y,
            CASE WHEN ST_IsValid(g) THEN field_area_ha(g) END AS area_ha
          FROM g`.pipe(
          decodeFirst(Check),
          Effect.map((row) => row as GeometryCheck),
        ),
      insert: (f: {
        id: string
        owner: string
        ownedSince?: string | undefined
        name: string
        geometry: FieldGeometry
        crop: string | null
        createdBy: string
      }) =>
        Effect.gen(function* () {
          yield* sql`INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, crop, source, created_by)
            SELECT ${f.id}, ${f.owner}, COALESCE(${f.ownedSince ?? null}::date, CURRENT_DATE), ${f.name}, g,
              field_area_ha(g), ${f.crop}, 'drawn', ${f.createdBy}
            FROM (SELECT ${geometryOf(f.geometry)} AS g) AS x`
          yield* sql`INSERT INTO field_owners (field_id, owner_id, since)
            SELECT id, owner_id, owned_since FROM fields WHERE id = ${f.id}`
        }).pipe(Effect.orDie),
      update: (id: string, f: { name: string; geometry: FieldGeometry; crop: string | null }) =>
        sql`UPDATE fields SET name = ${f.name}, crop = ${f.crop}, geom = x.g, area_ha = field_area_ha(x.g),
            updated_at = CASE WHEN fields.name = ${f.name} AND fields.crop IS NOT DISTINCT FROM ${f.crop}
              AND ST_Equals(fields.geom, x.g) THEN fields.updated_at ELSE now() END
          FROM (SELECT ${geometryOf(f.geometry)} AS g) AS x WHERE fields.id = ${id}`.pipe(Effect.orDie),
      changeOwner: (id: string, owner: string, since: string) =>
        Effect.gen(function* () {
          yield* sql`UPDATE field_owners SET until = ${since}::date WHERE field_id = ${id} AND until IS NULL`
          yield* sql`INSERT INTO field_owners (field_id, owner_id, since) VALUES (${id}, ${owner}, ${since}::date)`
          yield* sql`UPDATE fields SET owner_id = ${owner}, owned_since = ${since}::date, updated_at = now() WHERE id = ${id}`
        }).pipe(Effect.orDie),
      remove: (id: string) => sql`DELETE FROM fields WHERE id = ${id}`.pipe(Effect.orDie),
      /** The structures the caller and `owner` both belong to, by name. */
      sharedStructures: (me: string, owner: string) =>
        sql`SELECT c.id, c.name FROM memberships mine
            JOIN memberships other ON other.cluster_id = mine.cluster_id AND other.user_id = ${owner}
            JOIN clusters c ON c.id = mine.cluster_id
          WHERE mine.user_id = ${me}
          ORDER BY lower(c.name), c.id`.pipe(
          decodeAll(Schema.Struct({ id: Schema.String, name: Schema.String })),
        ),
      owners: (id: string) =>
        sql`SELECT o.owner_id, u.firstname, u.lastname, u.name, to_char(o.since, 'YYYY-MM-DD') AS since,
            to_char(o.until, 'YYYY-MM-DD') AS until
          FROM field_owners o JOIN users u ON u.id = o.owner_id WHERE o.field_id = ${id} ORDER BY o.since`.pipe(
          decodeAll(OwnershipRow),
        ),
    }
  }),
}) {}
