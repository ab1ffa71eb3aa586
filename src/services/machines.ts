import { Effect } from "effect"
import { MachinesGroup } from "../schema/api.clusters"
import { PropertiesGroup } from "../schema/api.fleet"
import type { FilterEntry } from "../schema/catalogue"
import type { ClusterId, MachineId } from "../schema/ids"
import type { MachineEdit, MachineInput } from "../schema/machine"
import { clientOf } from "./apiClient"

/** The machines calls the charts invoke (SPEC §7). */
const api = clientOf(MachinesGroup, PropertiesGroup)

/** Machines the person sees (seeMachines in their structures, or a grant), sorted by name. */
export const list = (cluster?: ClusterId) =>
  Effect.flatMap(api, (c) => c.machines.list({ urlParams: cluster === undefined ? {} : { cluster } }))

export const get = (id: MachineId) => Effect.flatMap(api, (c) => c.machines.get({ path: { id } }))

export const create = (input: MachineInput) =>
  Effect.flatMap(api, (c) => c.machines.create({ payload: input }))

export const edit = (id: MachineId, editMachine: MachineEdit) =>
  Effect.flatMap(api, (c) => c.machines.edit({ path: { id }, payload: { editMachine } }))

export const remove = (id: MachineId) => Effect.flatMap(api, (c) => c.machines.remove({ path: { id } }))

export const usersAccess = (id: MachineId) =>
  Effect.flatMap(api, (c) => c.machines.usersAccess({ path: { id } }))

export const brands = Effect.flatMap(api, (c) => c.properties.brands())
export const categories = Effect.flatMap(api, (c) => c.properties.categories())
/** What a work spreads, sows or handles: the catalogue's product types, in catalogue order. */
export const productTypes = Effect.flatMap(api, (c) => c.properties.filterEntries()).pipe(
  Effect.map((entries): ReadonlyArray<FilterEntry> => entries.filter((e) => e.type === "productType")),
)
