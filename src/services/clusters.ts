import { Effect } from "effect"
import { ClustersGroup, MachinesGroup } from "../schema/api.clusters"
import { MembershipGroup } from "../schema/api.membership"
import type { ClusterEdit, ClusterInput, MemberRole } from "../schema/cluster"
import type { ClusterId, MachineId, UserId } from "../schema/ids"
import type { Grant, Right } from "../schema/rights"
import { clientOf } from "./apiClient"

/** The clusters calls the charts invoke (SPEC §7). */
const api = clientOf(ClustersGroup, MachinesGroup, MembershipGroup)

export const list = Effect.flatMap(api, (c) => c.clusters.list())

export const create = (input: ClusterInput) =>
  Effect.flatMap(api, (c) => c.clusters.create({ payload: input }))

export const directory = (q: string) => Effect.flatMap(api, (c) => c.clusters.directory({ urlParams: { q } }))

export const get = (id: ClusterId) => Effect.flatMap(api, (c) => c.clusters.get({ path: { id } }))

export const edit = (id: ClusterId, edit: ClusterEdit) =>
  Effect.flatMap(api, (c) => c.clusters.edit({ path: { id }, payload: edit }))

export const remove = (id: ClusterId) => Effect.flatMap(api, (c) => c.clusters.remove({ path: { id } }))

export const editDefaultRights = (id: ClusterId, rights: ReadonlyArray<Right>, applyToMembers: boolean) =>
  Effect.flatMap(api, (c) =>
    c.clusters.editDefaultRights({ path: { id }, payload: { rights, applyToMembers } }),
  )

export const members = (id: ClusterId) => Effect.flatMap(api, (c) => c.clusters.members({ path: { id } }))

export const editMemberRights = (id: ClusterId, userId: UserId, rights: ReadonlyArray<Right>) =>
  Effect.flatMap(api, (c) => c.clusters.editMember({ path: { id, userId }, payload: { rights } }))

/** Asking to join a structure found in the directory (membership group, POST /clusters/{id}/requests). */
export const requestToJoin = (id: ClusterId, role: MemberRole) =>
  Effect.flatMap(api, (c) => c.membership.requestToJoin({ path: { id }, payload: { role } }))

export const machines = (cluster: ClusterId) =>
  Effect.flatMap(api, (c) => c.machines.list({ urlParams: { cluster } }))

export const usersAccess = (id: MachineId) =>
  Effect.flatMap(api, (c) => c.machines.usersAccess({ path: { id } }))

export const editUserAccess = (id: MachineId, userId: UserId, grants: ReadonlyArray<Grant>) =>
  Effect.flatMap(api, (c) => c.machines.editUserAccess({ path: { id, userId }, payload: { grants } }))
