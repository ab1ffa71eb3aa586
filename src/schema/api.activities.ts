import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import {
  Activity,
  ActivityConfirmation,
  ActivityConfirmationInput,
  ActivityCorrectionChoices,
  ActivityDetail,
  ActivityDispute,
  ActivityEdit,
  ActivityExportQuery,
  ActivityList,
  ActivityListQuery,
  ActivityTrace,
  DisputeInput,
  DisputeSettlement,
  MergeInput,
  SplitInput,
} from "./activity"
import { Conflict, Forbidden, NotFound, Unauthorized, UnprocessableEntity } from "./errors"
import { ActivityId, MachineId } from "./ids"
import { Authentication } from "./middleware"
import { PeriodQuery } from "./telemetryReads"

const machineParam = HttpApiSchema.param("id", MachineId)
const activityParam = HttpApiSchema.param("id", ActivityId)
const disputeParam = HttpApiSchema.param("dispute", Schema.UUID)

/**
 * Activities (SPEC §2 Activitys and machines/{id}/activities, §3 Activity): the activities a person
 * may see, what the engine found in a machine's trace over a UTC period (newest first), one activity, its labelled trace, and a person's
 * correction of who it is for, what was spread, its fields, drivers and implements. Rights: docs/rights.md#activities.
 */
export class ActivitiesGroup extends HttpApiGroup.make("activities")
  /** Every activity the person may see over a period (by start, newest first), with their totals. */
  .add(
    HttpApiEndpoint.get("activities", "/activities").setUrlParams(ActivityListQuery).addSuccess(ActivityList),
  )
  /**
   * The same list as a spreadsheet ("export my data"): CSV as the language's spreadsheet opens it
   * (docs/activities.md#export), and XLSX.
   */
  .add(
    HttpApiEndpoint.get("activitiesCsv", "/activities.csv")
      .setUrlParams(ActivityExportQuery)
      .addSuccess(HttpApiSchema.Text({ contentType: "text/csv; charset=utf-8" })),
  )
  .add(
    HttpApiEndpoint.get("activitiesXlsx", "/activities.xlsx")
      .setUrlParams(ActivityExportQuery)
      .addSuccess(
        HttpApiSchema.Uint8Array({
          contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }),
      ),
  )
  .add(
    HttpApiEndpoint.get("machineActivities")`/machines/${machineParam}/activities`
      .setUrlParams(PeriodQuery)
      .addSuccess(Schema.Array(Activity)),
  )
  .add(HttpApiEndpoint.get("activity")`/activities/${activityParam}`.addSuccess(Activity))
  .add(HttpApiEndpoint.get("activityTrace")`/activities/${activityParam}/trace`.addSuccess(ActivityTrace))
  /** The activity's page: the activity, its trace, the tool width, the right to correct, the history. */
  .add(HttpApiEndpoint.get("activityDetail")`/activities/${activityParam}/detail`.addSuccess(ActivityDetail))
  /** The member it is billed to contests it, with a comment (one dispute at a time waits). */
  .add(
    HttpApiEndpoint.post("disputeActivity")`/activities/${activityParam}/disputes`
      .setPayload(DisputeInput)
      .addSuccess(ActivityDispute, { status: 201 })
      .addError(Conflict),
  )
  /** "J'ai terminé mon activité": its driver (or a person who may correct it) says how it went. */
  .add(
    HttpApiEndpoint.post("confirmActivity")`/activities/${activityParam}/confirmations`
      .setPayload(ActivityConfirmationInput)
      .addSuccess(ActivityConfirmation, { status: 201 })
      .addError(UnprocessableEntity),
  )
  /** A person who may correct it answers: corrected, or kept as it is. */
  .add(
    HttpApiEndpoint.post("settleDispute")`/activities/${activityParam}/disputes/${disputeParam}/settle`
      .setPayload(DisputeSettlement)
      .addSuccess(ActivityDispute)
      .addError(Conflict),
  )
  /** What a person who may correct the activity may name: its structure's fields, people, machines. */
  .add(
    HttpApiEndpoint.get("activityChoices")`/activities/${activityParam}/choices`.addSuccess(
      ActivityCorrectionChoices,
    ),
  )
  /** Cut in two at an instant (docs/activities.md#split-and-merge): both parts, in order. */
  .add(
    HttpApiEndpoint.post("splitActivity")`/activities/${activityParam}/split`
      .setPayload(SplitInput)
      .addSuccess(Schema.Array(Activity))
      .addError(UnprocessableEntity),
  )
  /** Merged with the activity right before or after it on its machine's day: the merged one. */
  .add(
    HttpApiEndpoint.post("mergeActivity")`/activities/${activityParam}/merge`
      .setPayload(MergeInput)
      .addSuccess(Activity)
      .addError(UnprocessableEntity),
  )
  .add(
    HttpApiEndpoint.patch("editActivity")`/activities/${activityParam}`
      .setPayload(ActivityEdit)
      .addSuccess(Activity)
      .addError(UnprocessableEntity),
  )
  .middleware(Authentication)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .prefix("/api/v2") {}
