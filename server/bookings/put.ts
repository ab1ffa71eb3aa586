import { SqlClient } from "@effect/sql"
import type { SqlError } from "@effect/sql/SqlError"
import { DateTime, Effect } from "effect"
import type { Booking, BookingInput } from "../../src/schema/booking"
import { BadRequest, Conflict, Forbidden, NotFound, ResourceUnavailable } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { queueBooking } from "../activities/dirty"
import { sqlState } from "../db/errors"
import { retriedTransaction } from "../db/retry"
import type { Notifications } from "../notifications/service"
import { acceptorsOf, concerned } from "./audience"
import { sameContent } from "./content"
import type { BookingWrite } from "./model"
import { callerIn, facts, present, seesBooking, seesMachine } from "./present"
import type { BookingsRepo } from "./repository"
import {
  type Caller,
  hasEnded,
  isActive,
  isRequester,
  mayEditInto,
  mayManage,
  mayRequest,
  statusAfterEdit,
} from "./rules"

/**
 * `PUT /machines/{id}/booking`: creates the booking or edits it (SPEC §4/§5). Checks in order:
 * path machine visible (404), among the resources (400), resources and person in the structure
 * (400), rights (403), lifecycle (409), end not past (400); then one transaction whose exclusion
 * constraint decides conflicts (409 naming the resources, nothing written).
 */
export const makePut = (sql: SqlClient.SqlClient, repo: BookingsRepo, notifications: Notifications) => {
  const attempt = (
    machineId: string,
    input: BookingInput,
    retried: boolean,
  ): Effect.Effect<
    Booking,
    NotFound | Forbidden | BadRequest | Conflict | ResourceUnavailable,
    CurrentUser
  > =>
    Effect.gen(function* () {
      const { id: me } = yield* CurrentUser
      const now = new Date(DateTime.toEpochMillis(yield* DateTime.now))
      const access = yield* repo.access(me)
      const machine = yield* repo.machine(machineId)
      if (!machine || !seesMachine(access, machine)) return yield* Effect.fail(NotFound.of())
      const existing = yield* repo.get(input.id)
      if (existing && !seesBooking(access, me, existing)) return yield* Effect.fail(NotFound.of())
      if (!input.resources.some((r) => r.kind === "machine" && r.id === machine.id))
        return yield* Effect.fail(BadRequest.of("bookingMachineMismatch"))
      const clusterId = existing?.clusterId ?? machine.clusterId
      const machines = input.resources.filter((r) => r.kind === "machine").map((r) => r.id as string)
      const employees = input.resources.filter((r) => r.kind === "employee").map((r) => r.id as string)
      if (
        (yield* repo.machinesIn(clusterId, machines)).length !== machines.length ||
        (yield* repo.membersIn(clusterId, employees)).length !== employees.length
      )
        return yield* Effect.fail(BadRequest.of("selectionUnknown"))
      if (
        input.user !== me &&
        input.user !== existing?.user.id &&
        (yield* repo.membersIn(clusterId, [input.user])).length === 0
      )
        return yield* Effect.fail(BadRequest.of("userRequired"))
      const kept = new Set(existing?.fields.map((f) => f.id as string) ?? [])
      const added = input.fields.filter((f) => !kept.has(f))
      if ((yield* repo.fieldsIn(clusterId, added)).length !== added.length)
        return yield* Effect.fail(BadRequest.of("bookingFieldUnknown"))
      if (input.productType !== null && !(yield* repo.productTypeExists(input.productType)))
        return yield* Effect.fail(BadRequest.of("selectionUnknown"))
      const caller = callerIn(access, me, clusterId)
      const write: BookingWrite = {
        id: input.id,
        clusterId,
        user: input.user,
        requestedBy: existing?.requestedBy.id ?? me,
        start: new Date(DateTime.toEpochMillis(input.start_date)),
        end: new Date(DateTime.toEpochMillis(input.end_date)),
        comments: input.comments,
        location: input.location,
        geometry: input.geometry,
        productType: input.productType,
        status: "requested",
        resources: input.resources,
        fields: input.fields,
      }
      const show = present(access, me, now)
      if (existing) {
        const mayChange = isRequester(caller, facts(existing)) || mayManage(caller, existing)
        if (mayChange && sameContent(existing, write)) return show(existing)
        if (!mayChange) return yield* Effect.fail(Forbidden.of())
        if (!isActive(existing.status)) return yield* Effect.fail(Conflict.of("bookingClosed"))
        if (hasEnded(existing, now)) return yield* Effect.fail(Conflict.of("bookingEnded"))
        if (!mayEditInto(caller, facts(existing), write)) return yield* Effect.fail(Forbidden.of())
      } else if (!mayRequest(caller, write)) return yield* Effect.fail(Forbidden.of())
      if (write.end.getTime() <= now.getTime()) return yield* Effect.fail(BadRequest.of("bookingInPast"))

      const saved = yield* (existing ? edit(caller, write) : create(caller, write)).pipe(
        retriedTransaction(sql),
        Effect.catchTag("SqlError", (e) => onWriteError(e, write, retried)),
      )
      if (saved === "retry") return yield* attempt(machineId, input, true)
      return show(saved)
    })

  const create = (caller: Caller, w: BookingWrite) =>
    Effect.gen(function* () {
      yield* repo.insert(w)
      yield* queueBooking(w.id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      const acceptors = yield* acceptorsOf(repo, w.clusterId, w, caller.id)
      yield* notifications.aboutBooking(acceptors, "bookingRequested", w.clusterId, caller.id, w.id)
      return yield* reread(w.id)
    })

  const edit = (caller: Caller, w: BookingWrite) =>
    Effect.gen(function* () {
      const locked = yield* repo.lock(w.id)
      if (!locked) return yield* Effect.dieMessage("booking vanished")
      // It may have moved since it was read: the lifecycle is checked again under the lock.
      if (!isActive(locked.status)) return yield* Effect.fail(Conflict.of("bookingClosed"))
      const status = statusAfterEdit(caller, locked.status, w)
      // The days it covered and those it now covers, already computed (server/activities).
      yield* queueBooking(w.id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      yield* repo.rewrite({ ...w, status }, status === "accepted")
      yield* queueBooking(w.id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
      const after = yield* reread(w.id)
      yield* notifications.aboutBooking(
        concerned(after, caller.id),
        "bookingEdited",
        w.clusterId,
        caller.id,
        w.id,
      )
      if (locked.status === "accepted" && status === "requested") {
        const acceptors = yield* acceptorsOf(repo, w.clusterId, w, caller.id)
        yield* notifications.aboutBooking(acceptors, "bookingRequested", w.clusterId, caller.id, w.id)
      }
      return after
    })

  const reread = (id: string) =>
    Effect.flatMap(repo.get(id), (b) => (b ? Effect.succeed(b) : Effect.dieMessage("booking vanished")))

  /** 23P01: name what another booking holds (read after the rollback); 23505: the same id created meanwhile. */
  const onWriteError = (e: SqlError, w: BookingWrite, retried: boolean) => {
    if (sqlState(e) === "23505" && !retried) return Effect.succeed("retry" as const)
    if (sqlState(e) !== "23P01") return Effect.die(e)
    return Effect.gen(function* () {
      const taken = yield* repo.conflicts(w.id, w.resources, w.start, w.end)
      const named = taken.length > 0 ? taken : yield* repo.names(w.resources)
      return yield* Effect.fail(ResourceUnavailable.of(named))
    })
  }

  return (machineId: string, input: BookingInput) => attempt(machineId, input, false)
}
