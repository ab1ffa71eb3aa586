import { Effect } from "effect"
import { AdminGroup, BleTagsGroup, CountersGroup, PublicGroup } from "../schema/api.fleet"
import type { AssociationEdit, AssociationInput, BleTagType, CounterKind } from "../schema/counter"
import type {
  AssociationId,
  BleTagId,
  ClusterId,
  CounterId,
  FilterEntryId,
  MachineId,
  UserId,
} from "../schema/ids"
import { clientOf } from "./apiClient"

/** The counters calls the charts invoke (SPEC §7): boxes, associations, BLE tags, admin, public. */
const api = clientOf(AdminGroup, BleTagsGroup, CountersGroup, PublicGroup)

export const list = Effect.flatMap(api, (c) => c.counters.list())

export const associations = (id: CounterId) =>
  Effect.flatMap(api, (c) => c.counters.associations({ path: { id } }))

export const machineAssociations = (id: MachineId) =>
  Effect.flatMap(api, (c) => c.counters.machineAssociations({ path: { id } }))

export const usersAlertes = (id: CounterId) =>
  Effect.flatMap(api, (c) => c.counters.usersAlertes({ path: { id } }))

export const associate = (id: CounterId, input: AssociationInput) =>
  Effect.flatMap(api, (c) => c.counters.associate({ path: { id }, payload: input }))

export const editAssociation = (id: AssociationId, edit: AssociationEdit) =>
  Effect.flatMap(api, (c) => c.counters.editAssociation({ path: { id }, payload: edit }))

export const deleteAssociation = (id: AssociationId) =>
  Effect.flatMap(api, (c) => c.counters.deleteAssociation({ path: { id } }))

export const pickoff = (id: MachineId) => Effect.flatMap(api, (c) => c.counters.pickoff({ path: { id } }))

export const publicMachine = (id: MachineId) => Effect.flatMap(api, (c) => c.public.machine({ path: { id } }))

export const bleTags = Effect.flatMap(api, (c) => c.bleTags.list())

export const attributeTag = (
  id: BleTagId,
  to: { machine?: MachineId | null; user?: UserId | null; productType?: FilterEntryId | null },
) => Effect.flatMap(api, (c) => c.bleTags.attribute({ path: { id }, payload: to }))

export const adminUsers = Effect.flatMap(api, (c) => c.admin.users())

export const setAdmin = (userId: UserId, admin: boolean) =>
  Effect.flatMap(api, (c) => c.admin.setAdmin({ path: { userId }, payload: { admin } }))

export const adminCounters = Effect.flatMap(api, (c) => c.admin.counters())

/** GET /admin/counters/{id}/associations: any box's associations, for a platform administrator. */
export const adminCounterAssociations = (id: CounterId) =>
  Effect.flatMap(api, (c) => c.admin.counterAssociations({ path: { id } }))

export const registerCounter = (id: CounterId, kind: CounterKind = "box") =>
  Effect.flatMap(api, (c) => c.admin.registerCounter({ payload: { id, kind } }))

/** POST /admin/counters/{id}/secret: a new secret for the box, shown once; the old one stops working. */
export const rotateSecret = (id: CounterId) =>
  Effect.flatMap(api, (c) => c.admin.rotateSecret({ path: { id } }))

export const attributeCounter = (id: CounterId, cluster: ClusterId | null) =>
  Effect.flatMap(api, (c) => c.admin.attributeCounter({ path: { id }, payload: { cluster } }))

export const adminBleTags = Effect.flatMap(api, (c) => c.admin.bleTags())

export const registerTag = (id: BleTagId, type: typeof BleTagType.Type) =>
  Effect.flatMap(api, (c) => c.admin.registerTag({ payload: { id, type } }))

export const attributeTagCluster = (id: BleTagId, cluster: ClusterId | null) =>
  Effect.flatMap(api, (c) => c.admin.attributeTag({ path: { id }, payload: { cluster } }))
