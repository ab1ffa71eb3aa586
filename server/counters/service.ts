import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { Context, DateTime, Effect, Layer } from "effect"
import type { AssociationEdit, AssociationInput, Counter, CounterAssociation } from "../../src/schema/counter"
import { openEnd } from "../../src/schema/counter"
import { BadRequest, Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { byUserName, type UserSummary } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { Access } from "../clusters/access"
import { ClustersRepo, ClustersRepoLive } from "../clusters/repository"
import { retriedTransaction } from "../db/retry"
import { CountersRepo, CountersRepoLive, isOverlap } from "./repository"

type Refusal = NotFound | Forbidden

/**
 * Boxes (counters) of the caller's structures and their associations to machines (SPEC §4). Any
 * member sees the structure's boxes; changing associations takes editCounters. Two associations
 * of one box never overlap: the exclusion constraint decides (SQLSTATE 23P01 → 409), also when
 * two requests write at once. After creation only the dates change, and a past association never.
 */
export class Counters extends Context.Tag("Counters")<
  Counters,
  {
    readonly list: Effect.Effect<ReadonlyArray<Counter>, never, CurrentUser>
    readonly associations: (
      counterId: string,
    ) => Effect.Effect<ReadonlyArray<CounterAssociation>, NotFound, CurrentUser>
    readonly usersAlertes: (
      counterId: string,
    ) => Effect.Effect<ReadonlyArray<UserSummary>, NotFound, CurrentUser>
    readonly associate: (
      counterId: string,
      input: AssociationInput,
    ) => Effect.Effect<CounterAssociation, Refusal | BadRequest | Conflict, CurrentUser>
    readonly editAssociation: (
      id: string,
      edit: AssociationEdit,
    ) => Effect.Effect<CounterAssociation, Refusal | BadRequest | Conflict, CurrentUser>
    readonly deleteAssociation: (id: string) => Effect.Effect<void, Refusal, CurrentUser>
    readonly machineAssociations: (
      machineId: string,
    ) => Effect.Effect<ReadonlyArray<CounterAssociation>, Refusal, CurrentUser>
    readonly pickoff: (
      machineId: string,
    ) => Effect.Effect<CounterAssociation, Refusal | Conflict, CurrentUser>
  }
>() {}

const overlapOrDie = (e: SqlError) =>
  isOverlap(e) ? Effect.fail(Conflict.of("associationOverlap")) : Effect.die(e)

export const CountersServiceLive = Layer.effect(
  Counters,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* CountersRepo
    const clusters = yield* ClustersRepo
    const access = yield* Access

    /** The box when it belongs to a structure of the caller; NotFound otherwise (never a hint). */
    const myCounter = (counterId: string) =>
      Effect.gen(function* () {
        const counter = yield* repo.get(counterId.trim().toUpperCase())
        if (!counter?.cluster) return yield* Effect.fail(NotFound.of())
        yield* access.member(counter.cluster.id)
        return counter
      })

    /** The association, when the caller holds editCounters in its structure. */
    const editable = (id: string) =>
      Effect.gen(function* () {
        const association = yield* repo.association(id)
        if (!association) return yield* Effect.fail(NotFound.of())
        yield* access.require(association.cluster.id, "editCounters")
        return association
      })

    /** SPEC §6 machine visibility: seeMachines in its structure, or any grant on it. */
    const visibleMachine = (machineId: string) =>
      Effect.gen(function* () {
        const { id: me } = yield* CurrentUser
        const machine = yield* repo.machine(machineId)
        if (!machine) return yield* Effect.fail(NotFound.of())
        const [grant] = yield* sql<{ n: number }>`SELECT cardinality(grants)::int AS n FROM machine_grants
          WHERE machine_id = ${machine.id} AND user_id = ${me}`.pipe(Effect.orDie)
        if ((grant?.n ?? 0) > 0) return machine
        const membership = yield* access.membership(machine.cluster_id, me)
        if (!membership) return yield* Effect.fail(NotFound.of())
        if (!membership.rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
        return machine
      })

    const reread = (id: string) =>
      Effect.flatMap(repo.association(id), (a) =>
        a ? Effect.succeed(a) : Effect.dieMessage("association vanished"),
      )

    return {
      list: Effect.flatMap(CurrentUser, ({ id }) => repo.list(id)),
      associations: (counterId) =>
        Effect.flatMap(myCounter(counterId), (counter) =>
          repo.associationsOfCounter(counter.id, counter.cluster?.id ?? ""),
        ),
      usersAlertes: (counterId) =>
        Effect.gen(function* () {
          const counter = yield* myCounter(counterId)
          const clusterId = counter.cluster?.id ?? ""
          const holders = new Set(yield* repo.holders(clusterId, "editCounters"))
          const members = yield* clusters.members(clusterId)
          return members
            .filter((m) => holders.has(m.user.id))
            .map((m) => m.user)
            .sort(byUserName)
        }),
      associate: (counterId, input) =>
        Effect.gen(function* () {
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
          return yield* reread(id)
        }).pipe(retriedTransaction(sql), Effect.catchTag("SqlError", Effect.die)),
      // Writes checked by the exclusion constraint queue on the box row, as `associate` does.
      editAssociation: (id, edit) =>
        Effect.gen(function* () {
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
          yield* repo.updateDates(association.id, start, end).pipe(Effect.catchTag("SqlError", overlapOrDie))
          return yield* reread(association.id)
        }).pipe(retriedTransaction(sql), Effect.catchTag("SqlError", Effect.die)),
      deleteAssociation: (id) =>
        Effect.flatMap(editable(id), (association) => repo.deleteAssociation(association.id)),
      machineAssociations: (machineId) =>
        Effect.flatMap(visibleMachine(machineId), (machine) => repo.associationsOfMachine(machine.id)),
      pickoff: (machineId) =>
        Effect.gen(function* () {
          const machine = yield* repo.machine(machineId)
          if (!machine) return yield* Effect.fail(NotFound.of())
          yield* access.require(machine.cluster_id, "editCounters")
          const [ended] = yield* repo.endCurrent(machine.id)
          if (!ended) return yield* Effect.fail(Conflict.of("noBoxOnMachine"))
          return yield* reread(ended)
        }).pipe(retriedTransaction(sql), Effect.catchTag("SqlError", Effect.die)),
    }
  }),
).pipe(Layer.provide(Layer.mergeAll(CountersRepoLive, ClustersRepoLive)))
