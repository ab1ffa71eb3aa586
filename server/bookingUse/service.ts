import { DateTime, Effect } from "effect"
import { maxWindowDays } from "../../src/schema/booking"
import {
  type BookingUseQuery,
  PlanningUse,
  type PlanningUseQuery,
  type UseItem,
} from "../../src/schema/bookingUse"
import { BadRequest, Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { ActivitiesRepo } from "../activities/repository"
import { callerIn, facts, seesBooking } from "../bookings/present"
import { BookingsRepo } from "../bookings/repository"
import { holdsGrant, mayAcceptResource, maySeeUse } from "../bookings/rules"
import { daysOf, reconcile } from "./reconcile"
import { BookingUseRepo } from "./repository"

const day = 86_400_000
const nowMs = Effect.map(DateTime.now, DateTime.toEpochMillis)

/**
 * Bookings reconciled with use (docs/booking-use.md): for the members who accept the bookings of
 * the machines, what each booking got, what went beyond it, and the work without any booking.
 */
export class BookingUses extends Effect.Service<BookingUses>()("BookingUses", {
  effect: Effect.gen(function* () {
    const bookings = yield* BookingsRepo
    const activities = yield* ActivitiesRepo
    const repo = yield* BookingUseRepo

    /**
     * The bookings and activities of `machines` around [from, to): a booking's days reach the
     * midnights around it, so the ones a day either side are read too.
     */
    const around = (machines: ReadonlyArray<string>, from: number, to: number, ids: ReadonlyArray<string>) =>
      Effect.gen(function* () {
        const near = yield* repo.bookings(machines, new Date(from - 2 * day), new Date(to + 2 * day), ids)
        const starts = near.map((b) => b.start)
        const ends = near.map((b) => b.end)
        const span = { from: Math.min(from, ...starts) - 2 * day, to: Math.max(to, ...ends) + 2 * day }
        const work = yield* activities.ofMachinesAround(
          machines,
          new Date(span.from),
          new Date(span.to),
          near.map((b) => b.id),
        )
        return { near, work }
      })

    return {
      /** `GET /booking/{id}/use`: to whoever accepts every machine it books (403), having seen it (404). */
      ofBooking: Effect.fn("BookingUses.ofBooking")(function* (id: string, query: BookingUseQuery) {
        const { id: me } = yield* CurrentUser
        const access = yield* bookings.access(me)
        const b = yield* bookings.get(id)
        if (!b || !seesBooking(access, me, b)) return yield* Effect.fail(NotFound.of())
        if (!maySeeUse(callerIn(access, me, b.clusterId), facts(b))) return yield* Effect.fail(Forbidden.of())
        const machines = b.resources.filter((r) => r.kind === "machine").map((r) => r.id)
        const days = daysOf({ start: b.start.getTime(), end: b.end.getTime() }, query.tz)
        const { near, work } = yield* around(machines, days.from, days.to, [b.id])
        const use = reconcile(near, work, query.tz, yield* nowMs).uses.get(b.id)
        if (!use) return yield* Effect.dieMessage("the booking read is not among those reconciled")
        return use
      }),

      /**
       * `GET /planning/use`: over a structure's window, the machines whose bookings the caller
       * accepts there — 404 for someone with nothing in the structure, 403 for whoever accepts none.
       */
      planning: Effect.fn("BookingUses.planning")(function* (query: PlanningUseQuery) {
        const { id: me } = yield* CurrentUser
        const access = yield* bookings.access(me)
        const from = DateTime.toEpochMillis(query.from)
        const to = DateTime.toEpochMillis(query.to)
        if (to <= from || to - from > maxWindowDays * day)
          return yield* Effect.fail(BadRequest.of("badRequest"))
        const all = yield* repo.machinesOf(query.cluster)
        if (!access.rights.has(query.cluster) && !all.some((m) => holdsGrant(access.grants, m)))
          return yield* Effect.fail(NotFound.of())
        const caller = callerIn(access, me, query.cluster)
        const mine = all.filter((m) => mayAcceptResource(caller, { kind: "machine", id: m }))
        if (mine.length === 0) return yield* Effect.fail(Forbidden.of())
        const { near, work } = yield* around(mine, from, to, [])
        const { uses, unbooked } = reconcile(near, work, query.tz, yield* nowMs)
        const shown = near.filter(
          (b) =>
            b.start < to &&
            b.end > from &&
            maySeeUse(caller, { resources: b.machines.map((m) => ({ kind: "machine" as const, id: m })) }),
        )
        const inWindow = (u: UseItem) =>
          DateTime.toEpochMillis(u.start) < to &&
          DateTime.toEpochMillis(u.end) > from &&
          mine.includes(u.machine.id)
        return new PlanningUse({
          bookings: shown.flatMap((b) => {
            const u = uses.get(b.id)
            return u
              ? [{ booking: u.booking, state: u.state, beyondSeconds: u.beyondSeconds, beyond: u.beyond }]
              : []
          }),
          unbooked: unbooked.filter(inWindow),
        })
      }),
    }
  }),
  dependencies: [BookingsRepo.Default, ActivitiesRepo.Default, BookingUseRepo.Default],
}) {}
