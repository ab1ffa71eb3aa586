import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { metropolitanFrance } from "../../fields/metropolitanFrance"

/**
 * Work areas (SPEC §3 Field): a field belongs to a user (its owner, since a date) and is a valid
 * multipolygon in WGS84 — holes kept, several parts allowed, a self-intersecting outline refused
 * by the table itself. Its area is measured in SQL as Telepac measures it: planar in Lambert-93
 * (EPSG:2154) for a field in metropolitan France, geodesic elsewhere; stored unrounded.
 *
 * `metropolitan_france`: mainland France and Corsica (Natural Earth's 1:50m outline from
 * world-atlas, grown by about a kilometre so a field on the coast or a border is not measured
 * geodesic for the outline's coarseness).
 *
 * `field_owners`: the owners one after the other; the current one has no `until`.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE metropolitan_france (geom geometry(MultiPolygon, 4326) NOT NULL)`
  yield* sql`INSERT INTO metropolitan_france (geom)
    SELECT ST_Multi(ST_Buffer(ST_GeomFromGeoJSON(${JSON.stringify(metropolitanFrance())}), 0.012))`
  yield* sql.unsafe(`CREATE FUNCTION field_area_ha(g geometry) RETURNS double precision
    LANGUAGE sql STABLE PARALLEL SAFE AS $$
      SELECT CASE
        WHEN EXISTS (SELECT 1 FROM metropolitan_france m WHERE ST_Intersects(m.geom, ST_PointOnSurface(g)))
        THEN ST_Area(ST_Transform(g, 2154))
        ELSE ST_Area(g::geography)
      END / 10000
    $$`)
  yield* sql`CREATE TABLE fields (
    id uuid PRIMARY KEY,
    owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    owned_since date NOT NULL,
    name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
    geom geometry(MultiPolygon, 4326) NOT NULL CHECK (ST_IsValid(geom) AND NOT ST_IsEmpty(geom)),
    area_ha double precision NOT NULL CHECK (area_ha > 0),
    crop text,
    pac_campaign integer,
    pac_pacage text,
    pac_island text,
    pac_parcel text,
    declared_area_ha double precision,
    source text NOT NULL CHECK (source IN ('drawn', 'telepac', 'kml', 'geojson', 'shapefile', 'geopackage', 'demo')),
    created_by uuid REFERENCES users(id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE INDEX fields_geom ON fields USING gist (geom)`
  yield* sql`CREATE INDEX fields_owner ON fields (owner_id)`
  yield* sql`CREATE TABLE field_owners (
    field_id uuid NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    since date NOT NULL,
    until date,
    PRIMARY KEY (field_id, since),
    CHECK (until IS NULL OR until > since)
  )`
  yield* sql`CREATE UNIQUE INDEX field_owners_current ON field_owners (field_id) WHERE until IS NULL`
})
