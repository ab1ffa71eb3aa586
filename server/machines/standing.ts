import { Effect } from "effect"
import { Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import type { Grant } from "../../src/schema/rights"
import type { Access, Membership } from "../clusters/access"
import type { MachineRow, MachinesRepo } from "./repository"

/** What the caller is to a machine it may see. */
export interface Standing {
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

/** The caller's standing on a machine it may see; NotFound / Forbidden otherwise. */
export const standingOf = (repo: MachinesRepo, access: Access) => (machineId: string) =>
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
export const reachableOf = (repo: MachinesRepo) => (s: Standing) =>
  Effect.gen(function* () {
    const delegates = yield* repo.delegateIds(s.me)
    const members = s.manages ? yield* repo.memberIds(s.machine.cluster_id) : []
    return [...new Set([s.me, ...delegates, ...members])]
  })
