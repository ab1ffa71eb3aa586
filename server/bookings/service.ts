import { SqlClient } from "@effect/sql"
import { Context, DateTime, Effect, Layer } from "effect"
import type { Booking, BookingInput, BookingMove, BookingQuery } from "../../src/schema/booking"
import { bookingMoves, maxWindowDays } from "../../src/schema/booking"
import type { Conflict, ResourceUnavailable } from "../../src/schema/errors"
import { BadRequest, Conflict as ConflictError, Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { retriedTransaction } from "../db/retry"
import { Notifications, NotificationsLive } from "../notifications/repository"
import { concerned } from "./audience"
import { callerIn, facts, present, seesBooking, seesMachine } from "./present"
import { makePut } from "./put"
import { BookingsRepo, BookingsRepoLive } from "./repository"
import { hasEnded, isActive, isRequester, mayAccept, mayManage } from "./rules"

type Refusal = NotFound | Forbidden

/**
 * Bookings of machines and employees (SPEC §4): the lifecycle, the rights (server/bookings/rules.ts)
 * and the conflicts (the database's exclusion constraint → 409 ResourceUnavailable naming the resources).
 */
export class Bookings extends Context.Tag("Bookings")<
  Bookings,
  {
    readonly list: (
      query: BookingQuery,
    ) => Effect.Effect<ReadonlyArray<Booking>, Refusal | BadRequest, CurrentUser>
    readonly get: (id: string) => Effect.Effect<Booking, NotFound, CurrentUser>
    readonly put: (
      machineId: string,
      input: BookingInput,
    ) => Effect.Effect<Booking, Refusal | BadRequest | Conflict | ResourceUnavailable, CurrentUser>
    readonly accept: (id: string) => Effect.Effect<Booking, Refusal | Conflict, CurrentUser>
    readonly refuse: (id: string) => Effect.Effect<Booking, Refusal | Conflict, CurrentUser>
    readonly cancel: (id: string) => Effect.Effect<Booking, Refusal | Conflict, CurrentUser>
  }
>() {}

const day = 24 * 3600 * 1000
const moveKinds = { accept: "bookingAccepted", refuse: "bookingRefused", cancel: "bookingCancelled" } as const
const nowDate = Effect.map(DateTime.now, (t) => new Date(DateTime.toEpochMillis(t)))
const toDate = (t: DateTime.Utc) => new Date(DateTime.toEpochMillis(t))

export const BookingsServiceLive = Layer.effect(
  Bookings,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* BookingsRepo
    const notifications = yield* Notifications
    const put = makePut({ sql, repo, notifications })

    /** The caller, what they hold and the time, read once per call. */
    const context = Effect.gen(function* () {
      const { id: me } = yield* CurrentUser
      return { me, now: yield* nowDate, access: yield* repo.access(me) }
    })

    /** accept / refuse / cancel, under the booking's row lock; notifications in the same transaction. */
    const move = (move: BookingMove) => (id: string) =>
      Effect.gen(function* () {
        const { me, now, access } = yield* context
        const b = yield* repo.lock(id)
        if (!b || !seesBooking(access, me, b)) return yield* Effect.fail(NotFound.of())
        const caller = callerIn(access, me, b.clusterId)
        if (move === "cancel") {
          if (!isRequester(caller, facts(b)) && !mayManage(caller, b))
            return yield* Effect.fail(Forbidden.of())
          if (!isActive(b.status)) return yield* Effect.fail(ConflictError.of("bookingClosed"))
        } else {
          if (!mayAccept(caller, b)) return yield* Effect.fail(Forbidden.of())
          if (b.status !== "requested") return yield* Effect.fail(ConflictError.of("bookingNotRequested"))
        }
        if (hasEnded(b, now)) return yield* Effect.fail(ConflictError.of("bookingEnded"))
        yield* repo.move(b.id, bookingMoves[move], me)
        yield* notifications.aboutBooking(concerned(b, me), moveKinds[move], b.clusterId, me, b.id)
        yield* notifications.settleBooking(b.id)
        const after = yield* repo.get(b.id)
        if (!after) return yield* Effect.dieMessage("booking vanished")
        return present(access, me, now)(after)
      }).pipe(retriedTransaction(sql), Effect.catchTag("SqlError", Effect.die))

    return {
      list: (query) =>
        Effect.gen(function* () {
          const { me, now, access } = yield* context
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
      get: (id) =>
        Effect.gen(function* () {
          const { me, now, access } = yield* context
          const b = yield* repo.get(id)
          if (!b || !seesBooking(access, me, b)) return yield* Effect.fail(NotFound.of())
          return present(access, me, now)(b)
        }),
      put,
      accept: move("accept"),
      refuse: move("refuse"),
      cancel: move("cancel"),
    }
  }),
).pipe(Layer.provide(Layer.mergeAll(BookingsRepoLive, NotificationsLive)))
