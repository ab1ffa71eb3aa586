import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Forbidden, NotFound, Unauthorized } from "./errors"
import { MachineId, MaintenanceActionId, MaintenanceProfileId } from "./ids"
import {
  MachineMaintenance,
  MachineRuleState,
  MaintenanceAction,
  MaintenanceActionInput,
  MaintenanceProfile,
  MaintenanceProfileInput,
  MaintenanceRulesInput,
  ManualReadingInput,
  ProfileMachinesInput,
} from "./maintenance"
import { Authentication } from "./middleware"

const profileParam = HttpApiSchema.param("id", MaintenanceProfileId)
const machineParam = HttpApiSchema.param("machineId", MachineId)
const actionParam = HttpApiSchema.param("id", MaintenanceActionId)

/**
 * Maintenance (SPEC §7 Maintenance; docs/maintenance.md): profiles of rules, the machines they
 * apply to, where each rule stands on a machine, actions and readings, open alerts. Rights:
 * docs/rights.md#maintenance.
 */
export class MaintenanceGroup extends HttpApiGroup.make("maintenance")
  /** The profiles naming a structure where the caller sees machines. */
  .add(HttpApiEndpoint.get("profiles", "/maintenanceProfiles").addSuccess(Schema.Array(MaintenanceProfile)))
  /** Creates a profile, or replaces it (its rules too) when its id is known. */
  .add(
    HttpApiEndpoint.post("putProfile", "/maintenanceProfiles")
      .setPayload(MaintenanceProfileInput)
      .addSuccess(MaintenanceProfile),
  )
  /** Attaches machines of the profile's structures. */
  .add(
    HttpApiEndpoint.post("attach")`/maintenanceProfiles/${profileParam}/machines`
      .setPayload(ProfileMachinesInput)
      .addSuccess(MaintenanceProfile),
  )
  /** Detaches a machine (its past actions stay). */
  .add(
    HttpApiEndpoint.del("detach")`/maintenanceProfiles/${profileParam}/machines/${machineParam}`.addSuccess(
      HttpApiSchema.NoContent,
    ),
  )
  /** Replaces the profile's rules (a rule left out is removed; its past actions keep its name). */
  .add(
    HttpApiEndpoint.post("putRules")`/maintenanceProfiles/${profileParam}/rules`
      .setPayload(MaintenanceRulesInput)
      .addSuccess(MaintenanceProfile),
  )
  /** A machine's counters and where each of its rules stands, most urgent first. */
  .add(
    HttpApiEndpoint.get("machineRules", "/maintenanceProfilesRules")
      .setUrlParams(Schema.Struct({ machine: MachineId }))
      .addSuccess(MachineMaintenance),
  )
  /** Actions done, newest first: one machine's, or every machine the caller sees. */
  .add(
    HttpApiEndpoint.get("actions", "/maintenanceActions")
      .setUrlParams(Schema.Struct({ machine: Schema.optional(MachineId) }))
      .addSuccess(Schema.Array(MaintenanceAction)),
  )
  .add(
    HttpApiEndpoint.post("addAction", "/maintenanceActions")
      .setPayload(MaintenanceActionInput)
      .addSuccess(MaintenanceAction, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.del("removeAction")`/maintenanceActions/${actionParam}`.addSuccess(
      HttpApiSchema.NoContent,
    ),
  )
  /** A counter read on the machine: its count runs from this value at this date. */
  .add(
    HttpApiEndpoint.post("addReading", "/maintenanceReadings")
      .setPayload(ManualReadingInput)
      .addSuccess(MachineMaintenance, { status: 201 }),
  )
  /** Every rule of every machine the caller sees, most urgent first (the maintenance dashboard). */
  .add(HttpApiEndpoint.get("states", "/maintenanceStates").addSuccess(Schema.Array(MachineRuleState)))
  /** The rules that are soon, due or overdue on the machines the caller sees, most urgent first. */
  .add(HttpApiEndpoint.get("alerts", "/maintenanceAlerts").addSuccess(Schema.Array(MachineRuleState)))
  .middleware(Authentication)
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .prefix("/api/v2") {}
