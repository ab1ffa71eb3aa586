import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Activities } from "../activities/service"

/** Activities (SPEC §3 Activity): the rules live in server/activities/. */
export const ActivitiesHttpLive = HttpApiBuilder.group(SillonApi, "activities", (handlers) =>
  Effect.gen(function* () {
    const activities = yield* Activities
    return handlers
      .handle("activities", ({ urlParams }) => activities.list(urlParams))
      .handle("activitiesCsv", ({ urlParams }) => activities.csv(urlParams))
      .handle("activitiesXlsx", ({ urlParams }) => activities.xlsx(urlParams))
      .handle("machineActivities", ({ path, urlParams }) => activities.ofMachine(path.id, urlParams))
      .handle("activity", ({ path }) => activities.one(path.id))
      .handle("activityTrace", ({ path }) => activities.trace(path.id))
      .handle("activityDetail", ({ path }) => activities.detail(path.id))
      .handle("confirmActivity", ({ path, payload }) => activities.confirm(path.id, payload))
      .handle("disputeActivity", ({ path, payload }) => activities.dispute(path.id, payload))
      .handle("settleDispute", ({ path, payload }) => activities.settle(path.id, path.dispute, payload))
      .handle("editActivity", ({ path, payload }) => activities.edit(path.id, payload))
      .handle("activityChoices", ({ path }) => activities.choices(path.id))
      .handle("splitActivity", ({ path, payload }) => activities.split(path.id, payload))
      .handle("mergeActivity", ({ path, payload }) => activities.merge(path.id, payload))
  }),
).pipe(Layer.provide(Activities.Default))
