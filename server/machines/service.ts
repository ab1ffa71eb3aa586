import { SqlClient } from "@effect/sql"
import { SqlError } from "@effect/sql/SqlError"
import { Context, DateTime, Effect, Layer } from "effect"
import { BadRequest, Forbidden, NotFound } from "../../src/schema/errors"
import {
  defaultSettings,
  type Machine,
  type MachineEdit,
  type MachineInput,
  type MachineSettings,
  type MachineSummary,
  UserAccess,
} from "../../src/schema/machine"
import { byUserName } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import type { Grant } from "../../src/schema/rights"
import { Access, type Membership } from "../clusters/access"
import { ClustersRepo, ClustersRepoLive, toUserSummary } from "../clusters/repository"
import { retriedTransaction } from "../db/retry"
import {
  type AccessRow,
  type MachineColumns,
  type MachineRow,
  MachinesRepo,
  MachinesRepoLive,
} from "./repository"

type Refusal = NotFound | Forbidden
type Invalid = Refusal | BadRequest

const attributionSources = ["booking", "field", "tag"] as const
/** `priority` orders the three attribution sources: each exactly once. */
const isPermutation = (priority: ReadonlyArray<string>) =>
  priority.length === attributionSources.length && attributionSources.every((s) => priority.includes(s))

/** The fields of a create or an edit, merged over what the machine holds (only what is sent changes). */
const merge = (before: MachineColumns, sent: MachineEdit): MachineColumns => {
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
    maintenance,
    settings: { ...before.settings, ...(sent.settings ?? {}) } as MachineSettings,
  }
}

const toUserAccess = (r: AccessRow) => new UserAccess({ user: toUserSummary(r), grants: r.grants })

/**
 * Machines (the fleet work adds the rest) and per-machine grants (SPEC §6). A machine is visible
 * to a member of its structure holding seeMachines and to anyone holding a grant on it; a
 * non-member without a grant gets 404, a member without seeMachines nor grant 403. Grants are
 * written only by members managing the machine; the `management` grant itself only by a member
 * holding manageMachine.
 */
export class Machines extends Context.Tag("Machines")<
  Machines,
  {
    readonly list: (
      clusterId: string | undefined,
    ) => Effect.Effect<ReadonlyArray<MachineSummary>, NotFound, CurrentUser>
    readonly usersAccess: (
      machineId: string,
    ) => Effect.Effect<ReadonlyArray<UserAccess>, Refusal, CurrentUser>
    readonly create: (input: MachineInput) => Effect.Effect<Machine, Invalid, CurrentUser>
    readonly get: (machineId: string) => Effect.Effect<Machine, Refusal, CurrentUser>
    readonly edit: (machineId: string, edit: MachineEdit) => Effect.Effect<Machine, Invalid, CurrentUser>
    readonly remove: (machineId: string) => Effect.Effect<void, Refusal, CurrentUser>
    /** What the sticker's link shows before sign-in: id, name, structure name. */
    readonly publicView: (
      machineId: string,
    ) => Effect.Effect<{ id: string; name: string; clusterName: string; counter: string | null }, NotFound>
    readonly editUserAccess: (
      machineId: string,
      userId: string,
      grants: ReadonlyArray<Grant>,
    ) => Effect.Effect<UserAccess, Refusal, CurrentUser>
  }
>() {}

interface Standing {
  readonly machine: MachineRow
  readonly me: string
  readonly membership: Membership | undefined
  /** Member of the structure holding manageMachine there, or member holding the machine's `management` grant. */
  readonly manages: boolean
  /** Holds manageMachine in the machine's structure: only then may the `management` grant itself change. */
  readonly holdsRight: boolean
  /** The caller's grants on the machine. */
  readonly grants: ReadonlyArray<Grant>
}

export const MachinesServiceLive = Layer.effect(
  Machines,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* MachinesRepo
    const clusters = yield* ClustersRepo
    const access = yield* Access

    /** The caller's standing on a machine it may see; NotFound / Forbidden otherwise. */
    const standing = (machineId: string) =>
      Effect.gen(function* () {
        const { id: me } = yield* CurrentUser
        const machine = yield* repo.byId(machineId)
        if (!machine) return yield* Effect.fail(NotFound.of())
        const membership = yield* access.membership(machine.cluster_id, me)
        const grants = (yield* repo.grantsOf(machine.id, me)) ?? []
        if (grants.length === 0) {
          if (!membership) return yield* Effect.fail(NotFound.of())
          if (!membership.rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
        }
        // Managing takes membership (R4): a member holding manageMachine, or a member holding the
        // `management` grant on this machine. A grant alone, without membership, never manages.
        const holdsRight = membership?.rights.includes("manageMachine") === true
        const manages = membership !== undefined && (holdsRight || grants.includes("management"))
        return { machine, me, membership, manages, holdsRight, grants } satisfies Standing
      })

    /** The people whose grants the caller may see or set: self, delegated users, and members when managing. */
    const reachable = (s: Standing) =>
      Effect.gen(function* () {
        const delegates = yield* repo.delegateIds(s.me)
        const members = s.manages ? yield* repo.memberIds(s.machine.cluster_id) : []
        return [...new Set([s.me, ...delegates, ...members])]
      })

    const inTransaction = <A, E, R>(body: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(body).pipe(
        Effect.catchIf(
          (e): e is SqlError => e instanceof SqlError,
          (e) => Effect.die(e),
        ),
      )

    /**
     * The catalogue choices exist (brand; category; type within the category: else 400
     * selectionUnknown), settings' priority orders the three sources (else 400 badRequest), the
     * owner is a member of the structure (else 403 associationNotAllowed).
     */
    const validate = (clusterId: string, c: MachineColumns) =>
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

    const details = (machineId: string) =>
      Effect.flatMap(repo.details(machineId), (m) =>
        m ? Effect.succeed(m) : Effect.dieMessage("machine vanished"),
      )

    const blank: MachineColumns = {
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
      maintenance: {},
      settings: defaultSettings,
    }

    return {
      create: ({ cluster, ...fields }) =>
        inTransaction(
          Effect.gen(function* () {
            yield* access.require(cluster, "createMachine")
            const columns = merge(blank, fields)
            yield* validate(cluster, columns)
            return yield* details(yield* repo.insert(cluster, columns))
          }),
        ),
      get: (machineId) => Effect.flatMap(standing(machineId), (s) => details(s.machine.id)),
      edit: (machineId, edit) =>
        inTransaction(
          Effect.gen(function* () {
            const s = yield* standing(machineId)
            const mayEdit = s.membership?.rights.includes("editMachine") === true || s.grants.includes("edit")
            if (!mayEdit) return yield* Effect.fail(Forbidden.of())
            // The advanced parameters are the managers' (manageMachine, or a member's management grant).
            if (edit.settings !== undefined && !s.manages) return yield* Effect.fail(Forbidden.of())
            const before = yield* repo.columns(s.machine.id)
            if (!before) return yield* Effect.fail(NotFound.of())
            const columns = merge(before, edit)
            yield* validate(s.machine.cluster_id, columns)
            yield* repo.update(s.machine.id, columns)
            return yield* details(s.machine.id)
          }),
        ),
      remove: (machineId) =>
        // The cascade deletes rows other writers may hold (booked resources, grants, associations).
        inTransaction(
          Effect.gen(function* () {
            const s = yield* standing(machineId)
            if (s.membership?.rights.includes("deleteMachine") !== true)
              return yield* Effect.fail(Forbidden.of())
            yield* repo.remove(s.machine.id)
          }),
        ),
      publicView: (machineId) =>
        // The box on it now: the one the pickoff page would remove.
        Effect.flatMap(repo.details(machineId), (m) =>
          m
            ? Effect.succeed({
                id: m.id,
                name: m.name,
                clusterName: m.cluster.name,
                counter: m.currentCounter,
              })
            : Effect.fail(NotFound.of()),
        ),
      list: (clusterId) =>
        Effect.gen(function* () {
          if (clusterId !== undefined) yield* access.member(clusterId)
          const { id } = yield* CurrentUser
          return yield* repo.visibleTo(id, clusterId)
        }),
      usersAccess: (machineId) =>
        Effect.gen(function* () {
          const s = yield* standing(machineId)
          const rows = yield* repo.accessOf(s.machine.id, yield* reachable(s))
          return [...rows].sort(byUserName).map(toUserAccess)
        }),
      editUserAccess: (machineId, userId, grants) =>
        inTransaction(
          Effect.gen(function* () {
            const machine = yield* repo.byId(machineId)
            // Serialised with membership changes of the structure (a removed member loses their grants).
            if (machine) yield* clusters.lock(machine.cluster_id)
            const s = yield* standing(machineId)
            if (!s.manages) return yield* Effect.fail(Forbidden.of())
            if (!(yield* reachable(s)).includes(userId))
              return yield* Effect.fail(Forbidden.of("associationNotAllowed"))
            const before = (yield* repo.grantsOf(s.machine.id, userId)) ?? []
            if (!s.holdsRight && before.includes("management") !== grants.includes("management"))
              return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
            yield* repo.setGrants(s.machine.id, userId, grants)
            const [row] = yield* repo.accessOf(s.machine.id, [userId])
            return row ? toUserAccess(row) : yield* Effect.dieMessage("user vanished")
          }),
        ),
    }
  }),
).pipe(Layer.provide(Layer.mergeAll(MachinesRepoLive, ClustersRepoLive)))
