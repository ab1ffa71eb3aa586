import { DateTime } from "effect"
import { announcementsMachine } from "../machines/announcements/announcements"
import { homeOverviewMachine } from "../machines/home/homeOverview"
import { LastFix, MachinePosition } from "../schema/api.geoloc"
import { Booking } from "../schema/booking"
import { Counter } from "../schema/counter"
import {
  ActivityId,
  BookingId,
  CounterId,
  MachineId,
  MaintenanceProfileId,
  MaintenanceRuleId,
} from "../schema/ids"
import { MachineSummary } from "../schema/machine"
import { MachineRuleState, MaintenanceRule } from "../schema/maintenance"
import { Notification } from "../schema/notification"
import type { OverviewSources } from "../schema/overview"
import { withActors } from "./actors"
import { aBooking, prés } from "./booking"
import { notification } from "./members"

/** Samples for the home page's overview, around Thursday 27 November 2026, 07:30 in Paris. */
const at = (iso: string) => DateTime.unsafeMake(iso)
export const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur John Deere 6155R",
  cluster: prés,
})
export const seeder = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a2"),
  name: "Semoir Kuhn Espro 3000",
  cluster: prés,
})

const position = (machine: MachineSummary, iso: string, speed: number | null) =>
  new MachinePosition({
    machine,
    position: new LastFix({ at: at(iso), lng: 1.24, lat: 48.3, speed, heading: null }),
    counter: null,
    battery: null,
    lastCommunication: at(iso),
    live: false,
  })

/** The tractor at 8.5 km/h two minutes ago; the seeder stopped. */
export const working = position(tractor, "2026-11-27T06:28:00Z", 8.5)
export const stopped = position(seeder, "2026-11-27T06:20:00Z", 0)

const booking = (n: number, status: Booking["status"], start: string, end: string) =>
  new Booking({
    ...aBooking(status),
    id: BookingId.make(`00000000-0000-4000-8000-0000000000d${n}`),
    start_date: at(start),
    end_date: at(end),
  })

/** Today 09:00–12:00 (requested), tomorrow 14:00–17:00 (accepted), today refused, next week. */
export const todays = booking(1, "requested", "2026-11-27T08:00:00Z", "2026-11-27T11:00:00Z")
export const tomorrows = booking(2, "accepted", "2026-11-28T13:00:00Z", "2026-11-28T16:00:00Z")
export const refused = booking(3, "refused", "2026-11-27T12:00:00Z", "2026-11-27T13:00:00Z")
export const nextWeek = booking(4, "accepted", "2026-12-03T08:00:00Z", "2026-12-03T09:00:00Z")

const counter = (id: string, battery: number | null, lastCommunication: string | null) =>
  new Counter({
    id: CounterId.make(id),
    battery,
    lastCommunication: lastCommunication === null ? null : at(lastCommunication),
    cluster: prés,
    machine: tractor,
  })
/** Silent since Tuesday; at 12 % battery; fine. */
export const silentBox = counter("BOX-SILENT", 80, "2026-11-25T06:00:00Z")
export const lowBox = counter("BOX-LOW", 12, "2026-11-27T06:25:00Z")
export const fineBox = counter("BOX-FINE", 90, "2026-11-27T06:25:00Z")

/** An unread dispute of the tractor's activity of Wednesday, and one already read. */
export const dispute = new Notification({
  ...notification(6, "activityDisputed"),
  activity: {
    id: ActivityId.make("00000000-0000-4000-8000-0000000000e1"),
    machine: tractor.name,
    start: at("2026-11-26T07:00:00Z"),
  },
})
export const readDispute = new Notification({
  ...notification(7, "activityDisputed", { read: true }),
  activity: {
    id: ActivityId.make("00000000-0000-4000-8000-0000000000e2"),
    machine: tractor.name,
    start: at("2026-11-25T07:00:00Z"),
  },
})

const rule = (n: number, name: string, status: MachineRuleState["status"], counter: number, dueAt: number) =>
  new MachineRuleState({
    machine: { id: n === 1 ? tractor.id : seeder.id, name: n === 1 ? tractor.name : seeder.name },
    cluster: prés,
    profile: { id: MaintenanceProfileId.make("00000000-0000-4000-8000-0000000000f1"), name: "Tracteurs" },
    rule: new MaintenanceRule({
      id: MaintenanceRuleId.make(`00000000-0000-4000-8000-0000000000b${n}`),
      name,
      counter: "engineHours",
      unit: "hours",
      frequency: 250,
      firstEvent: 250,
    }),
    status,
    counter,
    dueAt,
    remaining: dueAt - counter,
    estimatedAt: null,
    lastAction: null,
    can: { record: true },
  })
/** The seeder's greasing soon (12 h left), the tractor's oil change overdue (30 h past), one ok. */
export const greasingSoon = rule(2, "Graissage", "soon", 238, 250)
export const oilOverdue = rule(1, "Vidange moteur", "overdue", 530, 500)
export const filterOk = rule(3, "Filtre à air", "ok", 100, 250)

export const busyMorning: OverviewSources = {
  positions: [stopped, working],
  bookings: [nextWeek, tomorrows, refused, todays],
  counters: [fineBox, silentBox, lowBox],
  notifications: [notification(5, "bookingRequested"), readDispute, dispute],
  maintenance: [greasingSoon, filterOk, oilOverdue],
}
export const quietMorning: OverviewSources = {
  positions: [stopped],
  bookings: [],
  counters: [fineBox],
  notifications: [],
  maintenance: [filterOk],
}

/** The home page's two charts answering with nothing to show (for tests about the rest of the page). */
export const quietHome = () => ({
  announcements: withActors(announcementsMachine, { loadAnnouncements: async () => [] }),
  overview: withActors(homeOverviewMachine, { loadOverview: async () => quietMorning }),
})
