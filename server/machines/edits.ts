import { DateTime, Effect } from "effect"
import { BadRequest, Forbidden } from "../../src/schema/errors"
import { defaultSettings, type MachineEdit, type MachineSettings } from "../../src/schema/machine"
import type { Access } from "../clusters/access"
import type { MachinesRepo } from "./repository"
import type { MachineColumns } from "./rows"

const attributionSources = ["booking", "field", "tag"] as const
/** `priority` orders the three attribution sources: each exactly once. */
export const isPermutation = (priority: ReadonlyArray<string>) =>
  priority.length === attributionSources.length && attributionSources.every((s) => priority.includes(s))

/** What a new machine holds before its fields are merged in. */
export const blank: MachineColumns = {
  name: "",
  brand: null,
  model: null,
  category: null,
  type: null,
  toolWidthMeters: null,
  maxWorkingSpeedKmh: null,
  canPresent: false,
  canType: null,
  owner: null,
  billing: null,
  consumption: null,
  maintenance: {},
  settings: defaultSettings,
}

/** The fields of a create or an edit, merged over what the machine holds (only what is sent changes). */
export const merge = (before: MachineColumns, sent: MachineEdit): MachineColumns => {
  const pick = <K extends keyof MachineEdit & keyof MachineColumns>(key: K) =>
    (sent[key] === undefined ? before[key] : sent[key]) as MachineColumns[K]
  const maintenance = { ...before.maintenance }
  for (const [key, value] of Object.entries(sent.maintenance ?? {}))
    if (value !== undefined) maintenance[key] = DateTime.isDateTime(value) ? DateTime.formatIso(value) : value
  return {
    name: sent.name ?? before.name,
    brand: pick("brand"),
    model: pick("model"),
    category: pick("category"),
    // A new category without a type mentioned drops the old type (it belonged to the old category).
    type:
      sent.type === undefined && sent.category !== undefined && sent.category !== before.category
        ? null
        : pick("type"),
    toolWidthMeters: pick("toolWidthMeters"),
    maxWorkingSpeedKmh: pick("maxWorkingSpeedKmh"),
    canPresent: pick("canPresent"),
    canType: pick("canType"),
    owner: pick("owner"),
    billing: pick("billing"),
    consumption: pick("consumption"),
    maintenance,
    settings: { ...before.settings, ...(sent.settings ?? {}) } as MachineSettings,
  }
}

/**
 * The catalogue choices exist (brand; category; type within the category: else 400
 * selectionUnknown), settings' priority orders the three sources (else 400 badRequest), the
 * owner is a member of the structure (else 403 associationNotAllowed).
 */
export const validateOf = (repo: MachinesRepo, access: Access) => (clusterId: string, c: MachineColumns) =>
  Effect.gen(function* () {
    const unknown = Effect.fail(BadRequest.of("selectionUnknown"))
    if (c.brand !== null && !(yield* repo.brandExists(c.brand))) return yield* unknown
    if (c.category !== null && (yield* repo.entry(c.category))?.type !== "machineCategory")
      return yield* unknown
    if (c.type !== null) {
      const type = yield* repo.entry(c.type)
      if (type?.type !== "machineType" || c.category === null || type.parent_id !== c.category)
        return yield* unknown
    }
    if (!isPermutation(c.settings.priority)) return yield* Effect.fail(BadRequest.of("badRequest"))
    if (c.owner !== null && !(yield* access.membership(clusterId, c.owner)))
      return yield* Effect.fail(Forbidden.of("associationNotAllowed"))
  })
