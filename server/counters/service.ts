import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { DateTime, Effect } from "effect"
import type { AssociationEdit, AssociationInput, CounterAssociation } from "../../src/schema/counter"
import { openEnd } from "../../src/schema/counter"
import { BadRequest, Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { byUserName } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { queueSpan } from "../activities/dirty"
import { Access } from "../clusters/access"
import { ClustersRepo } from "../clusters/repository"
import { retriedTransaction } from "../db/retry"
import { CountersRepo, isOverlap } from "./repository"

const overlapOrDie = (e: SqlError) =>
  isOverlap(e) ? Effect.fail(Conflict.of("associationOverlap")) : Effect.die(e)

/**
 * The seam where deleting an association is refused when its period's work has been billed (a
 * validated statement or an issued invoice covering it): billing does not exist yet, so nothing is
 * refused. The billing work fails here with a Conflict whose message says why, inside the deleting
 * transaction (docs/api.md#boxes-and-associations).
 */
const refuseWhenBilled = (_association: CounterAssociation): Effect.Effect<void, Conflict> => Effect.void

/**
 * Boxes (counters) of the caller's structures and their associations to machines (SPEC §4). Any
 * member sees the structure's boxes; changing associations takes editCounters. Two associations
 * of one box never overlap: the exclusion constraint decides (SQLSTATE 23P01 → 409), also when
 * two requests write at once. After creation only the dates change, and a past association never.
 */
export class Counters extends Effect.Service<Counters>()("Counters", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* CountersRepo
    const clusters = yield* ClustersRepo
    const access = yield* Access
    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(effect).pipe(Effect.catchTag("SqlError", Effect.die))

    /** The box when it belongs to a structure of the caller; NotFound otherwise (never a hint). */
    const myCounter = Effect.fnUntraced(function* (counterId: string) {
      const counter = yield* repo.get(counterId.trim().toUpperCase())
      if (!counter?.cluster) return yield* Effect.fail(NotFound.of())
      yield* access.member(counter.cluster.id)
      return counter
    })

    /** The association, when the caller holds editCounters in its structure. */
    const editable = Effect.fnUntraced(function* (id: string) {
      const association = yield* repo.association(id)
      if (!association) return yield* Effect.fail(NotFound.of())
      yield* access.require(association.cluster.id, "editCounters")
      return association
    })

    /** SPEC §6 machine visibility: seeMachines in its structure, or any grant on it. */
    const visibleMachine = Effect.fnUntraced(function* (machineId: string) {
      const { id: me } = yield* CurrentUser
      const machine = yield* repo.machine(machineId)
      if (!machine) return yield* Effect.fail(NotFound.of())
      if ((yield* repo.grantCount(machine.id, me)) > 0) return machine
      const membership = yield* access.membership(machine.cluster_id, me)
      if (!membership) return yield* Effect.fail(NotFound.of())
      if (!membership.rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
      return machine
    })

    /** The machine-days an association's span covers are recomputed (server/activities/dirty.ts). */
    const recompute = (a: {
      readonly machines: ReadonlyArray<{ readonly id: string }>
      readonly counter: string
      readonly start_date: DateTime.Utc
      readonly end_date: DateTime.Utc | null
    }) =>
      Effect.forEach(a.machines, (m) =>
        queueSpan(
          m.id,
          a.counter,
          DateTime.formatIso(a.start_date),
          a.end_date === null ? null : DateTime.formatIso(a.end_date),
        ),
      ).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    const reread = (id: string) =>
      Effect.flatMap(repo.association(id), (a) =>
        a ? Effect.succeed(a) : Effect.dieMessage("association vanished"),
      )

    return {
      list: Effect.flatMap(CurrentUser, ({ id }) => repo.list(id)).pipe(Effect.withSpan("Counters.list")),
      associations: Effect.fn("Counters.associations")(function* (counterId: string) {
        const counter = yield* myCounter(counterId)
        return yield* repo.associationsOfCounter(counter.id, counter.cluster?.id ?? "")
      }),
      usersAlertes: Effect.fn("Counters.usersAlertes")(function* (counterId: string) {
        const counter = yield* myCounter(counterId)
        const clusterId = counter.cluster?.id ?? ""
        const holders = new Set(yield* repo.holders(clusterId, "editCounters"))
        const members = yield* clusters.members(clusterId)
        return members
          .filter((m) => holders.has(m.user.id))
          .map((m) => m.user)
          .sort(byUserName)
      }),
      associate: Effect.fn("Counters.associate")(function* (counterId: string, input: AssociationInput) {
        yield* access.require(input.cluster, "editCounters")
        // The box row stays locked until the insert commits: an administrator moving the box to
        // another structure waits, then sees the new association and refuses; two writers queue.
        const counter = yield* repo.lockCluster(counterId)
        if (!counter || counter.cluster_id !== input.cluster)
          return yield* Effect.fail(BadRequest.of("selectionUnknown"))
        const machine = yield* repo.machine(input.machine)
        if (!machine) return yield* Effect.fail(BadRequest.of("selectionUnknown"))
        if (machine.cluster_id !== input.cluster)
          return yield* Effect.fail(Forbidden.of("associationNotAllowed"))
        const id = yield* repo
          .insertAssociation({
            counterId,
            machineId: machine.id,
            clusterId: input.cluster,
            start: input.start_date,
            end: input.end_date,
          })
          .pipe(Effect.catchTag("SqlError", overlapOrDie))
        const made = yield* reread(id)
        yield* recompute(made)
        return made
      }, transaction),
      // Writes checked by the exclusion constraint queue on the box row, as `associate` does.
      editAssociation: Effect.fn("Counters.editAssociation")(function* (id: string, edit: AssociationEdit) {
        const association = yield* editable(id)
        yield* repo.lockCluster(association.counter)
        const now = yield* DateTime.now
        // A past association is history: it never changes.
        if (association.end_date !== null && DateTime.lessThanOrEqualTo(association.end_date, now))
          return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
        const start = edit.start_date ?? association.start_date
        const end = edit.end_date === undefined ? association.end_date : edit.end_date
        if (!DateTime.lessThan(start, end ?? openEnd))
          return yield* Effect.fail(BadRequest.of("endBeforeStart"))
        yield* recompute(association)
        yield* repo.updateDates(association.id, start, end).pipe(Effect.catchTag("SqlError", overlapOrDie))
        const edited = yield* reread(association.id)
        yield* recompute(edited)
        return edited
      }, transaction),
      // SPEC §4: permanent, and the box's fixes of the period go with it (the confirmation says so).
      deleteAssociation: Effect.fn("Counters.deleteAssociation")(function* (id: string) {
        const association = yield* editable(id)
        yield* repo.lockCluster(association.counter)
        yield* refuseWhenBilled(association)
        yield* recompute(association)
        yield* repo.deleteFixesOfPeriod(association.counter, association.start_date, association.end_date)
        yield* repo.deleteAssociation(association.id)
      }, transaction),
      machineAssociations: Effect.fn("Counters.machineAssociations")(function* (machineId: string) {
        const machine = yield* visibleMachine(machineId)
        return yield* repo.associationsOfMachine(machine.id)
      }),
      pickoff: Effect.fn("Counters.pickoff")(function* (machineId: string) {
        const machine = yield* repo.machine(machineId)
        if (!machine) return yield* Effect.fail(NotFound.of())
        yield* access.require(machine.cluster_id, "editCounters")
        const [ended] = yield* repo.endCurrent(machine.id)
        if (!ended) return yield* Effect.fail(Conflict.of("noBoxOnMachine"))
        return yield* reread(ended)
      }, transaction),
    }
  }),
  dependencies: [CountersRepo.Default, ClustersRepo.Default, Access.Default],
}) {}
