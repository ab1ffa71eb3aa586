import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Forbidden, NotFound, Unauthorized } from "./errors"
import { CounterId, MachineId } from "./ids"
import { Authentication } from "./middleware"
import { HistoryQuery, HistoryTrace } from "./positions"
import {
  AttributedFixesPage,
  CategoriesData,
  CategoriesQuery,
  DeviceInformation,
  FixesPage,
  MachineQuery,
  PagedPeriodQuery,
  PeriodQuery,
  TemporalQuery,
  TemporalSeries,
} from "./telemetryReads"

const machineParam = HttpApiSchema.param("id", MachineId)
const counterParam = HttpApiSchema.param("id", CounterId)

/**
 * What boxes sent, read (SPEC §7): a machine's raw fixes over a UTC period (`expert`, paged, and
 * as CSV), the boxes of a machine (`devicesInformations`), a box's series and categories, and a
 * box's data for the administrators (admin counterdata). Rights: docs/rights.md#boxes-data.
 */
export class TelemetryGroup extends HttpApiGroup.make("telemetry")
  .add(
    HttpApiEndpoint.get("historyLocs")`/expert/machines/${machineParam}/history_locs`
      .setUrlParams(PagedPeriodQuery)
      .addSuccess(FixesPage),
  )
  /** The same period as CSV (one row per fix, every value; at most 31 days). */
  .add(
    HttpApiEndpoint.get("historyCsv")`/expert/machines/${machineParam}/history_locs.csv`
      .setUrlParams(PeriodQuery)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv; charset=utf-8" })),
  )
  /** Where the machine has been over a UTC period of at most 31 days, for the map. */
  .add(
    HttpApiEndpoint.get("geolocHistory")`/machinesGeolocation/history/${machineParam}`
      .setUrlParams(HistoryQuery)
      .addSuccess(HistoryTrace),
  )
  .add(
    HttpApiEndpoint.get("devicesInformations", "/devicesInformations")
      .setUrlParams(MachineQuery)
      .addSuccess(Schema.Array(DeviceInformation)),
  )
  .add(
    HttpApiEndpoint.get("temporal")`/externalTemporalCounterDatas/${counterParam}`
      .setUrlParams(TemporalQuery)
      .addSuccess(TemporalSeries),
  )
  .add(
    HttpApiEndpoint.get("categories")`/externalCategoriesCounterDatas/${counterParam}`
      .setUrlParams(CategoriesQuery)
      .addSuccess(CategoriesData),
  )
  .add(
    HttpApiEndpoint.get("counterFixes")`/admin/counters/${counterParam}/fixes`
      .setUrlParams(PagedPeriodQuery)
      .addSuccess(AttributedFixesPage),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .middleware(Authentication)
  .prefix("/api/v2") {}
