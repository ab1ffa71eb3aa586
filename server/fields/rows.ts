import { Schema } from "effect"
import { Field, FieldGeometry, type FieldOwner, FieldSource, type Ownership } from "../../src/schema/field"
import { FieldComment } from "../../src/schema/fieldComment"
import { FieldCommentId, FieldId, UserId } from "../../src/schema/ids"
import { JsonColumn, NumericColumn, UtcColumn } from "../db/columns"

// Fields as SQL gives them (`fieldColumns` in repository.ts), and how they are presented.

const Text = Schema.NullOr(Schema.String)

export const FieldRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  area_ha: NumericColumn,
  owner_id: Schema.String,
  o_firstname: Schema.String,
  o_lastname: Schema.String,
  o_name: Text,
  owned_since: Schema.String,
  crop: Text,
  pac_campaign: Schema.NullOr(NumericColumn),
  pac_pacage: Text,
  pac_island: Text,
  pac_parcel: Text,
  declared_area_ha: Schema.NullOr(NumericColumn),
  source: FieldSource,
  // Written by PostGIS from a valid multipolygon: read as it is.
  geometry: JsonColumn(Schema.typeSchema(FieldGeometry)),
  bbox: Schema.Array(NumericColumn),
  created_at: UtcColumn,
  updated_at: UtcColumn,
  /** Whether the caller manages the field: its owner, or acting for the owner (delegated user). */
  manages: Schema.Boolean,
})
export type FieldRow = typeof FieldRow.Type

export const OwnershipRow = Schema.Struct({
  owner_id: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Text,
  since: Schema.String,
  until: Text,
})

const fieldChecks = Schema.validateSync(Schema.typeSchema(Schema.Struct(Field.fields)))

/** The field as the caller receives it, with what they may do with it. */
export const toField = (row: FieldRow): Field => {
  const values = {
    id: FieldId.make(row.id),
    name: row.name,
    areaHa: row.area_ha,
    owner: {
      id: UserId.make(row.owner_id),
      firstname: row.o_firstname,
      lastname: row.o_lastname,
      name: row.o_name,
    },
    ownedSince: row.owned_since,
    crop: row.crop,
    pac:
      row.pac_island === null
        ? null
        : {
            campaign: row.pac_campaign,
            pacage: row.pac_pacage,
            island: row.pac_island,
            parcel: row.pac_parcel ?? "",
            declaredAreaHa: row.declared_area_ha,
          },
    source: row.source,
    geometry: row.geometry,
    bbox: [row.bbox[0] ?? 0, row.bbox[1] ?? 0, row.bbox[2] ?? 0, row.bbox[3] ?? 0] as const,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    can: { edit: row.manages, delete: row.manages },
  }
  return Field.make(fieldChecks(values), { disableValidation: true })
}

/** A person as a field's owner (or one it may be given to). */
export const toOwner = (row: {
  owner_id: string
  firstname: string
  lastname: string
  name: string | null
}): FieldOwner => ({
  id: UserId.make(row.owner_id),
  firstname: row.firstname,
  lastname: row.lastname,
  name: row.name,
})

export const toOwnership = (row: typeof OwnershipRow.Type): Ownership => ({
  owner: toOwner(row),
  since: row.since,
  until: row.until,
})

export const CommentRow = Schema.Struct({
  id: Schema.String,
  field_id: Schema.String,
  author_id: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Text,
  text: Text,
  sound_type: Text,
  sound_bytes: Schema.NullOr(NumericColumn),
  created_at: UtcColumn,
})
export type CommentRow = typeof CommentRow.Type

/** The comment as the caller receives it: they may delete it when they wrote it or manage the field. */
export const toComment = (row: CommentRow, me: string, managesField: boolean): FieldComment =>
  FieldComment.make({
    id: FieldCommentId.make(row.id),
    field: FieldId.make(row.field_id),
    author: toOwner({ ...row, owner_id: row.author_id }),
    text: row.text,
    sound:
      row.sound_type === null
        ? null
        : { contentType: row.sound_type, bytes: Math.round(row.sound_bytes ?? 0) },
    createdAt: row.created_at,
    can: { delete: row.author_id === me || managesField },
  })
