import { SqlClient } from "@effect/sql"
import { DateTime, Effect } from "effect"
import type { BookingInput, BookingMove, BookingQuery } from "../../src/schema/booking"
import { bookingMoves, maxWindowDays } from "../../src/schema/booking"
import { BadRequest, Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { queueBooking } from "../activities/dirty"
import { retriedTransaction } from "../db/retry"
import { Notifications } from "../notifications/service"
import { concerned } from "./audience"
import { callerIn, facts, present, seesBooking, seesMachine } from "./present"
import { makePut } from "./put"
import { BookingsRepo } from "./repository"
import { hasEnded, isActive, isRequester, mayAccept, mayManage } from "./rules"

const day = 24 * 3600 * 1000
const moveKinds = { accept: "bookingAccepted", refuse: "bookingRefused", cancel: "bookingCancelled" } as const
const nowDate = Effect.map(DateTime.now, (t) => new Date(DateTime.toEpochMillis(t)))
const toDate = (t: DateTime.Utc) => new Date(DateTime.toEpochMillis(t))

/** The period a list covers: the one asked, else a month back and a year ahead of `now`. */
const window = (query: BookingQuery, now: Date) => {
  const span = (31 + 366) * day
  const from = query.from
    ? toDate(query.from)
    : query.to
      ? new Date(toDate(query.to).getTime() - span)
      : new Date(now.getTime() - 31 * day)
  const to = query.to
    ? toDate(query.to)
    : query.from
      ? new Date(from.getTime() + span)
      : new Date(now.getTime() + 366 * day)
  return { from, to }
}

/**
 * Bookings of machines and employees (SPEC §4): the lifecycle, the rights (server/bookings/rules.ts)
 * and the conflicts (the database's exclusion constraint → 409 ResourceUnavailable naming the resources).
 */
export class Bookings extends Effect.Service<Bookings>()("Bookings", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* BookingsRepo
    const notifications = yield* Notifications
    const put = makePut(sql, repo, notifications)

    /** The caller, what they hold and the time, read once per call. */
    const context = Effect.gen(function* () {
      const { id: me } = yield* CurrentUser
      return { me, now: yield* nowDate, access: yield* repo.access(me) }
    })

    /** accept / refuse / cancel, under the booking's row lock; notifications in the same transaction. */
    const move = (move: BookingMove) =>
      Effect.fn(`Bookings.${move}`)(
        function* (id: string) {
          const { me, now, access } = yield* context
          const b = yield* repo.lock(id)
          if (!b || !seesBooking(access, me, b)) return yield* Effect.fail(NotFound.of())
          const caller = callerIn(access, me, b.clusterId)
          if (move === "cancel") {
            if (!isRequester(caller, facts(b)) && !mayManage(caller, b))
              return yield* Effect.fail(Forbidden.of())
            if (!isActive(b.status)) return yield* Effect.fail(Conflict.of("bookingClosed"))
          } else {
            if (!mayAccept(caller, b)) return yield* Effect.fail(Forbidden.of())
            if (b.status !== "requested") return yield* Effect.fail(Conflict.of("bookingNotRequested"))
          }
          if (hasEnded(b, now)) return yield* Effect.fail(Conflict.of("bookingEnded"))
          yield* repo.move(b.id, bookingMoves[move], me)
          // The days it covers already computed may now be for someone else (server/activities).
          yield* queueBooking(b.id).pipe(Effect.provideService(SqlClient.SqlClient, sql))
          yield* notifications.aboutBooking(concerned(b, me), moveKinds[move], b.clusterId, me, b.id)
          yield* notifications.settleBooking(b.id)
          const after = yield* repo.get(b.id)
          if (!after) return yield* Effect.dieMessage("booking vanished")
          return present(access, me, now)(after)
        },
        retriedTransaction(sql),
        Effect.catchTag("SqlError", Effect.die),
      )

    return {
      list: Effect.fn("Bookings.list")(function* (query: BookingQuery) {
        const { me, now, access } = yield* context
        const { from, to } = window(query, now)
        if (to.getTime() <= from.getTime() || to.getTime() - from.getTime() > maxWindowDays * day)
          return yield* Effect.fail(BadRequest.of("badRequest"))
        const machines = [...new Set(query.machine ?? [])]
        for (const m of machines) {
          const machine = yield* repo.machine(m)
          if (!machine || !seesMachine(access, machine)) return yield* Effect.fail(NotFound.of())
        }
        const employees = [...new Set(query.employee ?? [])]
        const others = employees.filter((e) => e !== me)
        if ((yield* repo.colleagues(me, others)).length !== others.length)
          return yield* Effect.fail(NotFound.of())
        if (query.cluster !== undefined && !access.rights.has(query.cluster))
          return yield* Effect.fail(NotFound.of())
        const rows = yield* repo.list({
          userId: me,
          machines,
          employees,
          cluster: query.cluster,
          from,
          to,
          all: query.all ?? false,
        })
        return rows.map(present(access, me, now))
      }),
      get: Effect.fn("Bookings.get")(function* (id: string) {
        const { me, now, access } = yield* context
        const b = yield* repo.get(id)
        if (!b || !seesBooking(access, me, b)) return yield* Effect.fail(NotFound.of())
        return present(access, me, now)(b)
      }),
      /** `PUT /machines/{id}/booking`: creates the booking or edits it (put.ts). */
      put: (machineId: string, input: BookingInput) =>
        put(machineId, input).pipe(Effect.withSpan("Bookings.put")),
      /** The fields a booking in the structure may name: for its members holding seeMachines. */
      fields: Effect.fn("Bookings.fields")(function* (clusterId: string) {
        const { access } = yield* context
        const rights = access.rights.get(clusterId)
        if (rights === undefined) return yield* Effect.fail(NotFound.of())
        if (!rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
        return yield* repo.fieldOptions(clusterId)
      }),
      accept: move("accept"),
      refuse: move("refuse"),
      cancel: move("cancel"),
    }
  }),
  dependencies: [BookingsRepo.Default, Notifications.Default],
}) {}
