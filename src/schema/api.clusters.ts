import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Cluster, ClusterDirectoryEntry, ClusterEdit, ClusterInput, DefaultRightsEdit } from "./cluster"
import { Conflict, Forbidden, NotFound, Unauthorized } from "./errors"
import { ClusterId, MachineId, UserId } from "./ids"
import { Machine, MachineEdit, MachineInput, MachineSummary, UserAccess, UserAccessEdit } from "./machine"
import { Member, MemberEdit } from "./membership"
import { Authentication } from "./middleware"

const clusterParam = HttpApiSchema.param("id", ClusterId)
const userParam = HttpApiSchema.param("userId", UserId)

/**
 * Structures and their members (SPEC §2, §3, §6). Every call checks the caller's rights on the
 * server: a structure the caller is not a member of answers 404, a missing right 403.
 */
export class ClustersGroup extends HttpApiGroup.make("clusters")
  .add(HttpApiEndpoint.get("list", "/clusters").addSuccess(Schema.Array(Cluster)))
  .add(
    HttpApiEndpoint.post("create", "/clusters").setPayload(ClusterInput).addSuccess(Cluster, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.get("directory", "/clusterDirectory")
      .setUrlParams(
        Schema.Struct({ q: Schema.Trim.pipe(Schema.minLength(2, { message: () => "searchTooShort" })) }),
      )
      .addSuccess(Schema.Array(ClusterDirectoryEntry)),
  )
  .add(HttpApiEndpoint.get("get")`/clusters/${clusterParam}`.addSuccess(Cluster))
  .add(HttpApiEndpoint.patch("edit")`/clusters/${clusterParam}`.setPayload(ClusterEdit).addSuccess(Cluster))
  .add(HttpApiEndpoint.del("remove")`/clusters/${clusterParam}`.addSuccess(Schema.Void))
  .add(
    HttpApiEndpoint.put("editDefaultRights")`/clusters/${clusterParam}/defaultRights`
      .setPayload(DefaultRightsEdit)
      .addSuccess(Cluster),
  )
  .add(HttpApiEndpoint.get("members")`/clusters/${clusterParam}/members`.addSuccess(Schema.Array(Member)))
  .add(
    HttpApiEndpoint.patch("editMember")`/clusters/${clusterParam}/members/${userParam}`
      .setPayload(MemberEdit)
      .addSuccess(Member),
  )
  .add(
    HttpApiEndpoint.del("removeMember")`/clusters/${clusterParam}/members/${userParam}`.addSuccess(
      Schema.Void,
    ),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}

const machineParam = HttpApiSchema.param("id", MachineId)

/** Machines (SPEC §3, §7) and the per-machine grants of SPEC §6. */
export class MachinesGroup extends HttpApiGroup.make("machines")
  .add(
    HttpApiEndpoint.get("list", "/machines")
      .setUrlParams(Schema.Struct({ cluster: Schema.optional(ClusterId) }))
      .addSuccess(Schema.Array(MachineSummary)),
  )
  .add(
    HttpApiEndpoint.post("create", "/machines").setPayload(MachineInput).addSuccess(Machine, { status: 201 }),
  )
  .add(HttpApiEndpoint.get("get")`/machines/${machineParam}`.addSuccess(Machine))
  .add(
    HttpApiEndpoint.patch("edit")`/machines/${machineParam}`
      .setPayload(Schema.Struct({ editMachine: MachineEdit }))
      .addSuccess(Machine),
  )
  .add(HttpApiEndpoint.del("remove")`/machines/${machineParam}`.addSuccess(Schema.Void))

  .add(
    HttpApiEndpoint.get("usersAccess")`/machines/${machineParam}/users_access`.addSuccess(
      Schema.Array(UserAccess),
    ),
  )
  .add(
    HttpApiEndpoint.put("editUserAccess")`/machines/${machineParam}/users_access/${userParam}`
      .setPayload(UserAccessEdit)
      .addSuccess(UserAccess),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}
