import { Temporal } from "temporal-polyfill"
import { isMoving, type MachinePosition } from "./api.geoloc"
import type { Booking } from "./booking"
import { type Counter, lowBatteryPercent, silentAfterHours } from "./counter"
import type { MachineRuleState } from "./maintenance"
import type { Notification } from "./notification"

/** What the home page's overview is made of, each read by its own call (with the caller's rights). */
export interface OverviewSources {
  readonly positions: ReadonlyArray<MachinePosition>
  readonly bookings: ReadonlyArray<Booking>
  /** The boxes the person sees; none when they may see none. */
  readonly counters: ReadonlyArray<Counter>
  readonly notifications: ReadonlyArray<Notification>
  /** The maintenance rules soon, due or overdue on the machines the person sees (`GET maintenanceAlerts`). */
  readonly maintenance: ReadonlyArray<MachineRuleState>
}

/** A box to look at: silent for more than a day, or low on battery (or both). */
export interface BoxToCheck {
  readonly counter: Counter
  readonly silent: boolean
  readonly lowBattery: boolean
}

/** A disputed activity waiting for the person's answer (their unread "contests the activity" notice). */
export interface DisputeToAnswer {
  readonly notification: Notification
  readonly activity: NonNullable<Notification["activity"]>
}

/**
 * "What a manager looks for first thing in the morning": the machines working now (and where), the
 * bookings of today and tomorrow in the person's time zone (refused and cancelled ones left out),
 * the disputes waiting for their answer, the boxes silent for more than a day or under 20 %
 * battery — the same rules as "Trouver mes machines" and the box alerts —, and the maintenance
 * rules soon, due or overdue, the most urgent first.
 */
export interface Overview {
  readonly working: ReadonlyArray<MachinePosition>
  readonly today: ReadonlyArray<Booking>
  readonly tomorrow: ReadonlyArray<Booking>
  readonly disputes: ReadonlyArray<DisputeToAnswer>
  readonly boxes: ReadonlyArray<BoxToCheck>
  readonly maintenance: ReadonlyArray<MachineRuleState>
}

/** Overdue first, then due, then soon; the least left first within each. */
const maintenanceOrder: Readonly<Record<string, number>> = { overdue: 0, due: 1, soon: 2 }

/** The instants of today's and tomorrow's midnights, and the day after's, in `zone`. */
export const daysAround = (nowMs: number, zone: string) => {
  const today = Temporal.Instant.fromEpochMilliseconds(nowMs).toZonedDateTimeISO(zone).toPlainDate()
  const midnight = (days: number) =>
    today.add({ days }).toZonedDateTime({ timeZone: zone }).toInstant().epochMilliseconds
  return { today: midnight(0), tomorrow: midnight(1), after: midnight(2) }
}

const live = (b: Booking) => b.status === "requested" || b.status === "accepted"
const overlaps = (b: Booking, from: number, to: number) =>
  b.start_date.epochMillis < to && b.end_date.epochMillis > from
const byStart = (a: Booking, b: Booking) => a.start_date.epochMillis - b.start_date.epochMillis

export const overviewOf = (s: OverviewSources, nowMs: number, zone: string): Overview => {
  const days = daysAround(nowMs, zone)
  const bookings = s.bookings.filter(live)
  return {
    working: s.positions
      .filter((p) => p.position !== null && isMoving(p.position.speed, p.position.at.epochMillis, nowMs))
      .sort((a, b) => a.machine.name.localeCompare(b.machine.name)),
    today: bookings.filter((b) => overlaps(b, days.today, days.tomorrow)).sort(byStart),
    tomorrow: bookings.filter((b) => overlaps(b, days.tomorrow, days.after)).sort(byStart),
    disputes: s.notifications.flatMap((n) =>
      n.kind === "activityDisputed" && n.read.read_date === null && n.activity !== null
        ? [{ notification: n, activity: n.activity }]
        : [],
    ),
    boxes: s.counters
      .map((counter) => ({
        counter,
        silent:
          counter.lastCommunication !== null &&
          nowMs - counter.lastCommunication.epochMillis > silentAfterHours * 3_600_000,
        lowBattery: counter.battery !== null && counter.battery < lowBatteryPercent,
      }))
      .filter((b) => b.silent || b.lowBattery)
      .sort((a, b) => a.counter.id.localeCompare(b.counter.id)),
    maintenance: s.maintenance
      .filter((r) => r.status in maintenanceOrder)
      .sort(
        (a, b) =>
          (maintenanceOrder[a.status] ?? 3) - (maintenanceOrder[b.status] ?? 3) ||
          (a.remaining ?? 0) - (b.remaining ?? 0),
      ),
  }
}

/** Nothing to tell: no machine working, no booking today or tomorrow, nothing to answer or check. */
export const isQuiet = (o: Overview) =>
  o.working.length + o.today.length + o.tomorrow.length + o.disputes.length + o.boxes.length === 0
