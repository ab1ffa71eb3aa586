import type { Cluster } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import type { Machine, UserAccess } from "../../schema/machine"
import type { Grant, Right } from "../../schema/rights"

/** The person's rights in a structure (none when they are not a member: a grant holder). */
export const rightsIn = (clusters: ReadonlyArray<Cluster> | null, id: ClusterId): ReadonlyArray<Right> =>
  clusters?.find((c) => c.id === id)?.myRights ?? []

/** The structures where the person may add a machine (createMachine). */
export const creatable = (clusters: ReadonlyArray<Cluster> | null): ReadonlyArray<Cluster> =>
  (clusters ?? []).filter((c) => c.myRights.includes("createMachine"))

/** What the person may do with one machine: structure rights, or grants on the machine (SPEC §6). */
export const abilities = (
  machine: Machine,
  clusters: ReadonlyArray<Cluster> | null,
  access: ReadonlyArray<UserAccess>,
  me: string | null,
) => {
  const rights = rightsIn(clusters, machine.cluster.id)
  const grants: ReadonlyArray<Grant> = access.find((row) => row.user.id === me)?.grants ?? []
  return {
    edit: rights.includes("editMachine") || grants.includes("edit"),
    settings: rights.includes("manageMachine") || grants.includes("management"),
    delete: rights.includes("deleteMachine"),
  }
}
