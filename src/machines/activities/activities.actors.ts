import { Effect } from "effect"
import type { ClusterId } from "../../schema/ids"
import { lazyEffect } from "../../services/lazy"
import { type ActivityChoices, type ActivitySave, activityEditMachine } from "./activityEdit"
import { type ActivitiesQuery, machineActivitiesMachine } from "./machineActivities"

/** The activities tab's chart with its call bound to the server. */
export const liveMachineActivitiesMachine = machineActivitiesMachine.provide({
  actors: {
    loadActivities: lazyEffect((live, q: ActivitiesQuery) =>
      live.activities.machineActivities(q.machine, q.start, q.end),
    ),
  },
})

/** The change of an activity with its calls bound: the structure's members, the product types, the save. */
export const liveActivityEditMachine = activityEditMachine.provide({
  actors: {
    loadChoices: lazyEffect<ActivityChoices, ClusterId>((live, cluster) =>
      Effect.all(
        { members: live.clusters.members(cluster), productTypes: live.activities.productTypes },
        { concurrency: 2 },
      ),
    ),
    saveActivity: lazyEffect((live, save: ActivitySave) => live.activities.editActivity(save.id, save.edit)),
  },
})
