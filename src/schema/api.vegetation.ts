import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { BadRequest, Forbidden, NotConfigured, NotFound, Unauthorized } from "./errors"
import { FieldId } from "./ids"
import { Authentication } from "./middleware"
import { FieldVegetation, LatestVegetation, SeasonQuery } from "./vegetation"

const fieldParam = HttpApiSchema.param("id", FieldId)

/**
 * The vegetation index (SPEC §2 FieldsVegetationIndex): NDVI per field over a season, from
 * Sentinel-2 through the provider the server is configured with (docs/operations.md#vegetation-index).
 * Who may read it: whoever sees the field (docs/rights.md#fields).
 */
export class VegetationGroup extends HttpApiGroup.make("vegetation")
  /** The field's season; asks the provider when nothing is stored or it is stale (status `pending`). */
  .add(
    HttpApiEndpoint.get("season")`/fields/${fieldParam}/vegetation`
      .setUrlParams(SeasonQuery)
      .addSuccess(FieldVegetation),
  )
  /** The last clear value of each field the caller sees whose season was fetched. */
  .add(
    HttpApiEndpoint.get("latest", "/vegetation")
      .setUrlParams(SeasonQuery)
      .addSuccess(Schema.Array(LatestVegetation)),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(BadRequest)
  .addError(NotConfigured)
  .middleware(Authentication)
  .prefix("/api/v2") {}
