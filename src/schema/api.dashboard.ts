import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import {
  CategoriesCounterData,
  CategoriesCounterQuery,
  ComputedData,
  ComputedDataQuery,
  DashboardQuery,
  LastQuery,
  LastValues,
  MachineDashboard,
  PercentileData,
  PercentileQuery,
  TemporalDatas,
  TemporalDatasQuery,
} from "./dashboard"
import { Forbidden, NotFound, Unauthorized } from "./errors"
import { MachineId } from "./ids"
import { Authentication } from "./middleware"

const machineParam = HttpApiSchema.param("id", MachineId)

/**
 * A machine's dashboard (SPEC §7 Data, docs/dashboards.md): series, percentiles, category counters,
 * the period's figures and the last values, read from the rollups. Periods are UTC instants
 * (`startDate`, `endDate`, a year at most). Rights: docs/rights.md#dashboards (whoever sees the
 * machine).
 */
export class DashboardGroup extends HttpApiGroup.make("dashboard")
  /** `nbrOfValues` points of a field by `fct`, each with its step's minimum and maximum. */
  .add(
    HttpApiEndpoint.get("temporalDatas")`/temporalDatas/${machineParam}`
      .setUrlParams(TemporalDatasQuery)
      .addSuccess(TemporalDatas),
  )
  /** A percentile of speed or of a CAN value over the period (within 1 %). */
  .add(
    HttpApiEndpoint.get("percentile")`/temporalDatas/${machineParam}/percentile`
      .setUrlParams(PercentileQuery)
      .addSuccess(PercentileData),
  )
  /** The latest value of each field (or of one). */
  .add(
    HttpApiEndpoint.get("lastTemporalDatas")`/lastTemporalDatas/${machineParam}`
      .setUrlParams(LastQuery)
      .addSuccess(LastValues),
  )
  /** Time per state or vibration level, or fixes and time per band of a value. */
  .add(
    HttpApiEndpoint.get("categoriesCounter")`/computeCategoriesCounterDatas/${machineParam}`
      .setUrlParams(CategoriesCounterQuery)
      .addSuccess(CategoriesCounterData),
  )
  /** The period's figures: time, distance, speed, vibration, states, CAN values. */
  .add(
    HttpApiEndpoint.get("dashboardMachine")`/dashboardMachines/${machineParam}`
      .setUrlParams(DashboardQuery)
      .addSuccess(MachineDashboard),
  )
  /** Running totals of machines (engine hours, working hours, km, ha) since their measurement. */
  .add(
    HttpApiEndpoint.get("computedData", "/machinesComputedData")
      .setUrlParams(ComputedDataQuery)
      .addSuccess(ComputedData),
  )
  .middleware(Authentication)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .prefix("/api/v2") {}
