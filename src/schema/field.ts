import { Schema } from "effect"
import { ClusterId, FieldId, UserId } from "./ids"
import { PersonName } from "./membership"
import type { MessageCode } from "./messages"
import { allowedText, Repeated } from "./validation"

const code = (c: MessageCode) => ({ message: () => c })

/** A WGS 84 position [longitude, latitude]. */
const Position = Schema.Tuple(
  Schema.Number.pipe(Schema.between(-180, 180, code("outOfRange"))),
  Schema.Number.pipe(Schema.between(-90, 90, code("outOfRange"))),
)
const closed = (ring: ReadonlyArray<readonly [number, number]>) =>
  ring.length >= 4 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]
const Rings = Schema.Array(Schema.Array(Position)).pipe(
  Schema.minItems(1, code("invalidGeometry")),
  Schema.filter((rings) => rings.every(closed) || "invalidGeometry"),
)
/** The most positions one field's outline may have (a Telepac parcel has a few hundred). */
export const maxFieldPositions = 50_000
const positions = (polygons: ReadonlyArray<ReadonlyArray<ReadonlyArray<unknown>>>) =>
  polygons.reduce((n, rings) => n + rings.reduce((m, ring) => m + ring.length, 0), 0)

/**
 * A field's outline in WGS 84: a GeoJSON Polygon (holes after the outer ring) or MultiPolygon,
 * closed rings of 4 positions or more. Whether it crosses itself is PostGIS's to say
 * (`fieldGeometryInvalid`, naming the field).
 */
export const FieldGeometry = Schema.Union(
  Schema.Struct({ type: Schema.Literal("Polygon"), coordinates: Rings }).pipe(
    Schema.filter((g) => positions([g.coordinates]) <= maxFieldPositions || "invalidGeometry"),
  ),
  Schema.Struct({
    type: Schema.Literal("MultiPolygon"),
    coordinates: Schema.Array(Rings).pipe(Schema.minItems(1, code("invalidGeometry"))),
  }).pipe(Schema.filter((g) => positions(g.coordinates) <= maxFieldPositions || "invalidGeometry")),
)
export type FieldGeometry = typeof FieldGeometry.Type

/** A calendar day, `YYYY-MM-DD` (an ownership starts on a day, not at an instant). */
export const Day = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, code("badRequest")),
  Schema.filter((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return (
      (!Number.isNaN(d.getTime()) &&
        d.toISOString().startsWith(s) &&
        s >= "1900-01-01" &&
        s <= "2150-01-01") ||
      "outOfRange"
    )
  }),
)
export type Day = typeof Day.Type

/** A field's PAC identity, as Telepac declares it (îlot and parcel numbers, the farm's PACAGE number). */
export const PacIdentity = Schema.Struct({
  campaign: Schema.NullOr(Schema.Int),
  pacage: Schema.NullOr(Schema.String),
  island: Schema.String,
  parcel: Schema.String,
  /** The area Telepac states (ha), when the file carried it. */
  declaredAreaHa: Schema.NullOr(Schema.Number),
})
export type PacIdentity = typeof PacIdentity.Type

export const FieldSource = Schema.Literal(
  "drawn",
  "telepac",
  "kml",
  "geojson",
  "shapefile",
  "geopackage",
  "demo",
)
export type FieldSource = typeof FieldSource.Type

export const FieldOwner = Schema.extend(PersonName, Schema.Struct({ id: UserId }))
export type FieldOwner = typeof FieldOwner.Type

/** What the caller may do with a field now, by the server's rules. */
export const FieldAbilities = Schema.Struct({ edit: Schema.Boolean, delete: Schema.Boolean })

/**
 * SPEC §3 Field: a work area, its area in hectares (unrounded: planar in Lambert-93 in
 * metropolitan France as Telepac measures, geodesic elsewhere; rounded only for display), its
 * owner since a day.
 */
export class Field extends Schema.Class<Field>("Field")({
  id: FieldId,
  name: Schema.String,
  areaHa: Schema.Number,
  owner: FieldOwner,
  ownedSince: Day,
  crop: Schema.NullOr(Schema.String),
  pac: Schema.NullOr(PacIdentity),
  source: FieldSource,
  geometry: FieldGeometry,
  /** [west, south, east, north] in degrees. */
  bbox: Schema.Tuple(Schema.Number, Schema.Number, Schema.Number, Schema.Number),
  createdAt: Schema.DateTimeUtc,
  updatedAt: Schema.DateTimeUtc,
  can: FieldAbilities,
}) {}

/** One owner of a field and the days they held it (`until` null: the owner now). */
export const Ownership = Schema.Struct({ owner: FieldOwner, since: Day, until: Schema.NullOr(Day) })
export type Ownership = typeof Ownership.Type

/**
 * A field with its owners one after the other, oldest first, and the structures the caller shares
 * with its owner (those through which a member sees it), by name.
 */
export class FieldDetail extends Schema.Class<FieldDetail>("FieldDetail")({
  field: Field,
  owners: Schema.Array(Ownership),
  structures: Schema.Array(Schema.Struct({ id: ClusterId, name: Schema.String })),
}) {}

const FieldName = allowedText(Schema.Trim.pipe(Schema.minLength(1, code("required")), Schema.maxLength(200)))

/**
 * `PUT /fields/{id}`: creates the field (the id chosen by the client) or edits its name, outline
 * and crop. The owner (default: the caller) and the day they own it from (default: today) are set
 * at creation; later changes of owner go through `PUT /fields/{id}/owner`, which keeps the history.
 */
export const FieldInput = Schema.Struct({
  name: Schema.propertySignature(FieldName).annotations({ missingMessage: () => "required" }),
  geometry: Schema.propertySignature(FieldGeometry).annotations({ missingMessage: () => "invalidGeometry" }),
  crop: Schema.optionalWith(Schema.NullOr(allowedText(Schema.Trim.pipe(Schema.maxLength(50)))), {
    default: () => null,
  }),
  owner: Schema.optional(UserId),
  ownedSince: Schema.optional(Day),
})
export type FieldInput = typeof FieldInput.Type

/** `PUT /fields/{id}/owner`: a new owner from a day on (after the current owner's first day). */
export const OwnerChange = Schema.Struct({ owner: UserId, since: Day })
export type OwnerChange = typeof OwnerChange.Type

const Coordinates = (count: 2 | 4) =>
  Schema.String.pipe(
    Schema.filter((s) => {
      const parts = s.split(",").map(Number)
      return (parts.length === count && parts.every(Number.isFinite)) || "badRequest"
    }),
  )

/**
 * `GET /fields?user=…&user=…&point=lng,lat&bbox=w,s,e,n`: the fields the caller may see, owned by
 * any named user (SPEC §7, repeated) or, without `user`, all of them; `point` keeps those that
 * contain or touch the point, `bbox` those that meet the box. By name.
 */
export const FieldQuery = Schema.Struct({
  user: Schema.optional(Repeated(UserId)),
  point: Schema.optional(Coordinates(2)),
  bbox: Schema.optional(Coordinates(4)),
})
export type FieldQuery = typeof FieldQuery.Type

/** A box [west, south, east, north] in degrees. */
const Box = Schema.Tuple(Schema.Number, Schema.Number, Schema.Number, Schema.Number)

/** An owner in the index: their names and which of the caller's structures they are a member of. */
export const IndexOwner = Schema.extend(FieldOwner, Schema.Struct({ structures: Schema.Array(ClusterId) }))
export type IndexOwner = typeof IndexOwner.Type

/**
 * A column of the index: an array each element of which passes `is`, checked in one plain loop.
 * The same check as `Schema.Array(…)`, at a tenth of its cost: 30,000 fields went through
 * Schema's general machinery in 50 to 280 ms, on a laptop, before a phone's list could show.
 */
const Column = <A>(identifier: string, is: (u: unknown) => u is A, items: object) =>
  Schema.declare((u: unknown): u is ReadonlyArray<A> => Array.isArray(u) && u.every(is), {
    identifier,
    jsonSchema: { type: "array", items },
  })
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const isFieldId = (u: unknown): u is FieldId => typeof u === "string" && uuid.test(u)
const isString = (u: unknown): u is string => typeof u === "string"
const isStringOrNull = (u: unknown): u is string | null => u === null || typeof u === "string"
const isNumber = (u: unknown): u is number => typeof u === "number" && Number.isFinite(u)

/**
 * `GET /fields/index`: every field the caller sees, without outlines, as FieldsMain lists,
 * searches and filters them at any size (30,000 fields and more); the map draws the outlines from
 * `GET /fields/tiles/{z}/{x}/{y}`. Column by column (the same position in each array is one
 * field, by name): a tenth of the size of `GET /fields` and quick to read.
 */
export const FieldIndex = Schema.Struct({
  /**
   * What this answer depends on for the caller, hashed (fields, owners' names, structures): the
   * client keeps the index and asks again with `If-None-Match: "<tag>"`, answered 304 if unchanged.
   */
  tag: Schema.String,
  /** Changes whenever what the caller sees changes; tile addresses carry it (`?v=`). */
  version: Schema.String,
  /** The structures the caller is a member of, by name. */
  structures: Schema.Array(Schema.Struct({ id: ClusterId, name: Schema.String })),
  owners: Schema.Array(IndexOwner),
  /** The box around every field, or null when there is none. */
  bounds: Schema.NullOr(Box),
  fields: Schema.Struct({
    id: Column("FieldIdColumn", isFieldId, { type: "string", format: "uuid" }),
    name: Column("TextColumn", isString, { type: "string" }),
    areaHa: Column("NumberColumn", isNumber, { type: "number" }),
    /** The position of the field's owner in `owners`. */
    owner: Column("IntegerColumn", Number.isInteger as (u: unknown) => u is number, { type: "integer" }),
    crop: Column("OptionalTextColumn", isStringOrNull, { anyOf: [{ type: "string" }, { type: "null" }] }),
    /** Four numbers a field, [west, south, east, north] one after the other. */
    bbox: Column("NumberColumn", isNumber, { type: "number" }),
  }),
})
export type FieldIndex = typeof FieldIndex.Type

/** `GET /fields/index` asked again: the tag of the index the client holds (`"<tag>"`). */
export const IndexRequestHeaders = Schema.Struct({ "if-none-match": Schema.optional(Schema.String) })

/** The largest zoom a tile is asked for (a field's corners to the centimetre). */
export const maxTileZoom = 22

const TileNumber = Schema.NumberFromString.pipe(
  Schema.int({ message: () => "badRequest" }),
  Schema.nonNegative({ message: () => "badRequest" }),
)

/** `GET /fields/tiles/{z}/{x}/{y}`: a tile of the Web Mercator grid (x and y below 2^z). */
export const TileAddress = Schema.Struct({
  z: TileNumber.pipe(Schema.lessThanOrEqualTo(maxTileZoom, { message: () => "outOfRange" })),
  x: TileNumber,
  y: TileNumber,
}).pipe(Schema.filter((t) => (t.x < 2 ** t.z && t.y < 2 ** t.z) || "outOfRange"))
export type TileAddress = typeof TileAddress.Type

/** `?v=`: the index's version, only to give each state of the fields its own address (caches). */
export const TileQuery = Schema.Struct({ v: Schema.optional(Schema.String.pipe(Schema.maxLength(64))) })

// --- Imports ---

/** What the person says the file is: a Telepac "parcelles" export, or any other file of areas. */
export const ImportKind = Schema.Literal("telepac", "other")

/** The largest file an import takes (the request carries it in base64, a third larger). */
export const maxImportBytes = 15 * 1024 * 1024

/**
 * A file to read, as sent: its name (for messages and default field names) and its bytes in
 * base64, and whose fields it holds (default: the caller's), to recognise those already there.
 */
export const ImportFile = Schema.Struct({
  kind: ImportKind,
  owner: Schema.optional(UserId),
  filename: allowedText(Schema.String.pipe(Schema.maxLength(255))),
  content: Schema.String.pipe(
    Schema.pattern(/^[A-Za-z0-9+/]*={0,2}$/, code("importFormat")),
    Schema.filter((s) => s.length <= Math.ceil(maxImportBytes / 3) * 4 || "importTooLarge"),
  ),
})
export type ImportFile = typeof ImportFile.Type

export const ImportFormat = Schema.Literal(
  "telepacShapefile",
  "telepacXml",
  "kml",
  "kmz",
  "geojson",
  "shapefile",
  "geopackage",
)

/**
 * What importing a candidate would do: create a field, update the one it recognises (same îlot
 * and parcel, or nearly the same outline), leave it as it is (`unchanged`), or nothing, because its
 * outline is not valid (`refused`, with the reason).
 */
export const ImportAction = Schema.Literal("create", "update", "unchanged", "refused")
export type ImportAction = typeof ImportAction.Type

export const ImportCandidate = Schema.Struct({
  key: Schema.Int,
  name: Schema.String,
  areaHa: Schema.NullOr(Schema.Number),
  crop: Schema.NullOr(Schema.String),
  pac: Schema.NullOr(PacIdentity),
  geometry: Schema.NullOr(FieldGeometry),
  action: ImportAction,
  /** The field an update or `unchanged` is about. */
  match: Schema.NullOr(Schema.Struct({ id: FieldId, name: Schema.String })),
  /** Why it cannot be imported (PostGIS's words, e.g. "Self-intersection"), and where. */
  problem: Schema.NullOr(
    Schema.Struct({ reason: Schema.String, at: Schema.NullOr(Schema.Tuple(Schema.Number, Schema.Number)) }),
  ),
})
export type ImportCandidate = typeof ImportCandidate.Type

/** `POST /fields/import/preview`: what the file holds and what importing it would do; nothing is saved. */
export const ImportPreview = Schema.Struct({
  format: ImportFormat,
  candidates: Schema.Array(ImportCandidate),
  skipped: Schema.Struct({ points: Schema.Int, lines: Schema.Int }),
})
export type ImportPreview = typeof ImportPreview.Type

/**
 * `POST /fields/import`: the same file again, with the candidates the person kept (`keys`), and
 * since when the owner holds the new fields (default: today). All or nothing.
 */
export const ImportConfirm = Schema.extend(
  ImportFile,
  Schema.Struct({
    keys: Schema.Array(Schema.Int).pipe(
      Schema.minItems(1, code("importNothingChosen")),
      Schema.maxItems(100_000),
    ),
    ownedSince: Schema.optional(Day),
  }),
)
export type ImportConfirm = typeof ImportConfirm.Type

export const ImportResult = Schema.Struct({
  created: Schema.Int,
  updated: Schema.Int,
  unchanged: Schema.Int,
})
export type ImportResult = typeof ImportResult.Type
