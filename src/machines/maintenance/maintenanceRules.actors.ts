import { Effect } from "effect"
import { lazyEffect } from "../../services/lazy"
import type * as Live from "../../services/live"
import { maintenanceRulesMachine, type ProfileSave, type RulesData } from "./maintenanceRules"

/** The profiles, the structures where the person manages machines, the machines they see. */
const rulesData = (live: typeof Live) =>
  Effect.all(
    {
      profiles: live.maintenance.profiles(),
      clusters: Effect.map(live.clusters.list, (clusters) =>
        clusters.filter((c) => c.myRights.includes("manageMachine")).map((c) => ({ id: c.id, name: c.name })),
      ),
      machines: live.machines.list(),
    },
    { concurrency: "unbounded" },
  ) satisfies Effect.Effect<RulesData, unknown, unknown>

/** The rules tab with its calls bound; a save answers the whole tab again. */
export const liveMaintenanceRulesMachine = maintenanceRulesMachine.provide({
  actors: {
    loadRules: lazyEffect<RulesData>((live) => rulesData(live)),
    saveProfile: lazyEffect<RulesData, ProfileSave>((live, save) =>
      Effect.zipRight(live.maintenance.saveProfile(save.profile, save.attach, save.detach), rulesData(live)),
    ),
  },
})
