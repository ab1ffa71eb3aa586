import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { CanbusRawPage, CanbusRawQuery, CanConfig, CanConfigInput, CanConfigs, CanName } from "./canbus"
import { Forbidden, NotFound, Unauthorized } from "./errors"
import { MachineId } from "./ids"
import { Authentication } from "./middleware"
import { Locale } from "./user"

const machineParam = HttpApiSchema.param("id", MachineId)
const nameParam = HttpApiSchema.param("name", CanName)

/** The language a catalogue value's unit is given in (labels come in all four). */
export const LangQuery = Schema.Struct({
  lang: Schema.optionalWith(Locale, { default: () => "fr" as const }),
})

/**
 * CAN bus values (SPEC §1 CAN-bus value configurations, §2 canbus_raw; docs/canbus.md): how each
 * of a machine's values reads, set per machine by whoever manages it; its raw values per reading,
 * paged and as CSV. Rights: docs/rights.md#can-bus-values.
 */
export class CanbusGroup extends HttpApiGroup.make("canbus")
  /** Every value the catalogue knows, the machine's boxes sent (30 days) or a person set. */
  .add(
    HttpApiEndpoint.get("configs")`/machinesCanbusValuesConfigs/${machineParam}`
      .setUrlParams(LangQuery)
      .addSuccess(CanConfigs),
  )
  /** How a value reads on this machine (who manages the machine). */
  .add(
    HttpApiEndpoint.put("putConfig")`/machinesCanbusValuesConfigs/${machineParam}/${nameParam}`
      .setUrlParams(LangQuery)
      .setPayload(CanConfigInput)
      .addSuccess(CanConfig),
  )
  /** Back to the catalogue's reading (or the raw name). */
  .add(
    HttpApiEndpoint.del("removeConfig")`/machinesCanbusValuesConfigs/${machineParam}/${nameParam}`.addSuccess(
      HttpApiSchema.NoContent,
    ),
  )
  /** A page of the machine's readings that carried CAN values (31 days at most). */
  .add(
    HttpApiEndpoint.get("raw")`/canbus_raw/${machineParam}`
      .setUrlParams(CanbusRawQuery)
      .addSuccess(CanbusRawPage),
  )
  /** The same period as CSV: at, counter, then one column per value name. */
  .add(
    HttpApiEndpoint.get("rawCsv")`/canbus_raw/${machineParam}.csv`
      .setUrlParams(Schema.Struct({ startDate: Schema.DateTimeUtc, endDate: Schema.DateTimeUtc }))
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv; charset=utf-8" })),
  )
  .middleware(Authentication)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .prefix("/api/v2") {}
