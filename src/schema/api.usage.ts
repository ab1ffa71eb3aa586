import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Forbidden, NotFound, Unauthorized, UnprocessableEntity } from "./errors"
import { FieldId, MachineId } from "./ids"
import { Authentication } from "./middleware"
import { FieldAnalysis, FieldAnalysisQuery, MachineAnalysis, MachineUsage, UsageQuery } from "./usage"
import { WorkOrderInput } from "./workOrder"

/**
 * How much, over what period (SPEC §2 machines/{id}/usages and fields/{idField}/analyses,
 * docs/usage.md): the one aggregation of activities the screens read. Rights: docs/rights.md#usage.
 */
export class UsageGroup extends HttpApiGroup.make("usage")
  /** A machine's hours, ha, km and L by day, week or month over a period (a year at most). */
  .add(
    HttpApiEndpoint.get("machineUsage")`/machines/${HttpApiSchema.param("id", MachineId)}/usages`
      .setUrlParams(UsageQuery)
      .addSuccess(MachineUsage),
  )
  /** A machine's analyses: the period against the year before, per field, against its peers. */
  .add(
    HttpApiEndpoint.get("machineAnalysis")`/analysisMachines/${HttpApiSchema.param("id", MachineId)}`
      .setUrlParams(FieldAnalysisQuery)
      .addSuccess(MachineAnalysis),
  )
  /** A field's season: the work done in it, its passes, machines and product types, by month. */
  .add(
    HttpApiEndpoint.get("fieldAnalysis")`/fields/${HttpApiSchema.param("id", FieldId)}/analyses`
      .setUrlParams(FieldAnalysisQuery)
      .addSuccess(FieldAnalysis),
  )
  /**
   * A work order (bon de travail) of some of the machine's activities, as a PDF
   * (docs/work-order.md); 422 `selectionUnknown` when one is not the machine's.
   */
  .add(
    HttpApiEndpoint.post("workOrder")`/machines/${HttpApiSchema.param("id", MachineId)}/work_order`
      .setPayload(WorkOrderInput)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "application/pdf" }))
      .addError(UnprocessableEntity),
  )
  .middleware(Authentication)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .prefix("/api/v2") {}
