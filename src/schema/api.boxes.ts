import {
  HttpApiEndpoint,
  HttpApiGroup,
  HttpApiMiddleware,
  HttpApiSchema,
  HttpApiSecurity,
  OpenApi,
} from "@effect/platform"
import { Context, Schema } from "effect"
import { Forbidden, Unauthorized } from "./errors"
import { CounterId } from "./ids"
import { IngestAnswer, WireFix } from "./telemetry"

/**
 * The box a request authenticates as, from `Authorization: Bearer <box secret>`: its id, its
 * telemetry source and when it was registered (ms since the epoch). A box's secret opens nothing
 * but these calls, and a person's token none of them.
 */
export class CurrentBox extends Context.Tag("CurrentBox")<
  CurrentBox,
  {
    readonly id: string
    readonly sourceId: string
    readonly sinceMs: number
    /** The hash of the secret the request came with: the server checks it again as it stores. */
    readonly secretHash: string
  }
>() {}

export class BoxAuthentication extends HttpApiMiddleware.Tag<BoxAuthentication>()("BoxAuthentication", {
  failure: Unauthorized,
  provides: CurrentBox,
  security: { box: HttpApiSecurity.bearer },
}) {}

const counterParam = HttpApiSchema.param("id", CounterId)

/**
 * What boxes send (docs/box-protocol.md). The upload's body is read by the server itself (JSON,
 * gzip accepted): `{"fixes": [WireFix, …]}`, at most 20,000 fixes.
 */
export class BoxesGroup extends HttpApiGroup.make("boxes")
  .add(
    HttpApiEndpoint.post("fixes")`/boxes/${counterParam}/fixes`
      .addSuccess(IngestAnswer)
      .annotate(
        OpenApi.Description,
        'Body: {"fixes": [WireFix, …]} (at most 20,000), JSON, `Content-Encoding: gzip` accepted. Answers once the new fixes are committed.',
      ),
  )
  .add(
    HttpApiEndpoint.post("live")`/boxes/${counterParam}/live`
      .setPayload(WireFix)
      .addSuccess(Schema.Void, { status: 204 }),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(BoxAuthentication)
  .prefix("/api/v2") {}

/** OsmAnd's query string as Traccar Client sends it (any other parameter is ignored). */
export const OsmandParams = Schema.Struct({
  id: Schema.optional(Schema.String),
  deviceid: Schema.optional(Schema.String),
  lat: Schema.optional(Schema.String),
  lon: Schema.optional(Schema.String),
  timestamp: Schema.optional(Schema.String),
  speed: Schema.optional(Schema.String),
  bearing: Schema.optional(Schema.String),
  heading: Schema.optional(Schema.String),
  altitude: Schema.optional(Schema.String),
  accuracy: Schema.optional(Schema.String),
  hdop: Schema.optional(Schema.String),
  batt: Schema.optional(Schema.String),
})

/**
 * Phones as boxes: the OsmAnd protocol as Traccar Client speaks it, the device id being the box's
 * secret. The query-string form (GET or POST) and the JSON body current clients post.
 */
export class OsmandGroup extends HttpApiGroup.make("osmand")
  // Traccar Client counts a report delivered on a 200 only.
  .add(
    HttpApiEndpoint.get("query", "/osmand")
      .setUrlParams(OsmandParams)
      .addSuccess(Schema.Void, { status: 200 }),
  )
  .add(
    HttpApiEndpoint.post("post", "/osmand")
      .addSuccess(Schema.Void, { status: 200 })
      .annotate(
        OpenApi.Description,
        "The query-string form, or the JSON body of current Traccar Client versions ({device_id, location: {timestamp, coords, battery}}).",
      ),
  )
  .addError(Unauthorized)
  .prefix("/api/v2") {}
