import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { BadRequest, Forbidden, NotFound, Unauthorized } from "./errors"
import {
  Field,
  FieldDetail,
  FieldIndex,
  FieldInput,
  FieldOwner,
  FieldQuery,
  ImportConfirm,
  ImportFile,
  ImportPreview,
  ImportResult,
  IndexRequestHeaders,
  OwnerChange,
  TileAddress,
  TileQuery,
} from "./field"
import { FieldId } from "./ids"
import { Authentication } from "./middleware"

const fieldParam = HttpApiSchema.param("id", FieldId)

/**
 * Work areas (SPEC §2 FieldsMain, FieldsAdd, fields/{idField}; §3 Field; §7 `GET fields?user`).
 * Who sees and manages a field: docs/rights.md (Fields).
 */
export class FieldsGroup extends HttpApiGroup.make("fields")
  .add(HttpApiEndpoint.get("list", "/fields").setUrlParams(FieldQuery).addSuccess(Schema.Array(Field)))
  /** Every field the caller sees without outlines, column by column (FieldsMain's list at any size). */
  .add(
    HttpApiEndpoint.get("index", "/fields/index")
      .setHeaders(IndexRequestHeaders)
      .addSuccess(FieldIndex)
      // The index the client keeps (its tag sent as If-None-Match) is still the one.
      .addSuccess(HttpApiSchema.Empty(304)),
  )
  /** A Mapbox vector tile of the fields the caller sees (layer `fields`: `id`, `owner`). */
  .add(
    HttpApiEndpoint.get("tile", "/fields/tiles/:z/:x/:y")
      .setPath(TileAddress)
      .setUrlParams(TileQuery)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/vnd.mapbox-vector-tile" })),
  )
  .add(HttpApiEndpoint.get("get")`/fields/${fieldParam}`.addSuccess(FieldDetail))
  /** Creates or edits the field `id` (200 either way). */
  .add(HttpApiEndpoint.put("put")`/fields/${fieldParam}`.setPayload(FieldInput).addSuccess(FieldDetail))
  .add(
    HttpApiEndpoint.put("owner")`/fields/${fieldParam}/owner`.setPayload(OwnerChange).addSuccess(FieldDetail),
  )
  /** Who the caller may give the field to (when they manage it): docs/rights.md (Fields). */
  .add(
    HttpApiEndpoint.get("ownerCandidates")`/fields/${fieldParam}/owner/candidates`.addSuccess(
      Schema.Array(FieldOwner),
    ),
  )
  .add(HttpApiEndpoint.del("remove")`/fields/${fieldParam}`.addSuccess(Schema.Void))
  .add(
    HttpApiEndpoint.post("preview", "/fields/import/preview")
      .setPayload(ImportFile)
      .addSuccess(ImportPreview),
  )
  .add(HttpApiEndpoint.post("import", "/fields/import").setPayload(ImportConfirm).addSuccess(ImportResult))
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(BadRequest)
  .middleware(Authentication)
  .prefix("/api/v2") {}
