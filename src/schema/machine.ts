import { Schema } from "effect"
import { ClusterRef } from "./cluster"
import { MachineId } from "./ids"
import { UserSummary } from "./membership"
import { GrantSet } from "./rights"

/** A machine as lists show it (the fleet issue adds its details). Sorted by name. */
export class MachineSummary extends Schema.Class<MachineSummary>("MachineSummary")({
  id: MachineId,
  name: Schema.String,
  cluster: ClusterRef,
}) {}

/** One person's grants on one machine (`GET /machines/{id}/users_access`). */
export class UserAccess extends Schema.Class<UserAccess>("UserAccess")({
  user: UserSummary,
  grants: GrantSet,
}) {}

export const UserAccessEdit = Schema.Struct({ grants: GrantSet })
