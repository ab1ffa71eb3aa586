import { DateTime, Effect } from "effect"
import { BookingsGroup } from "../schema/api.bookings"
import { CountersGroup } from "../schema/api.fleet"
import { GeolocGroup } from "../schema/api.geoloc"
import { MaintenanceGroup } from "../schema/api.maintenance"
import { NotificationsGroup } from "../schema/api.membership"
import { clientOf } from "./apiClient"

const api = clientOf(GeolocGroup, BookingsGroup, CountersGroup, NotificationsGroup, MaintenanceGroup)

/**
 * What the home page's overview reads, at once: the machines' last positions, the bookings of the
 * window [from, to), the boxes, the notifications and the maintenance alerts — each call with the person's own rights (a
 * person who may see no box gets none, not a refusal).
 */
export const load = (from: number, to: number) =>
  Effect.flatMap(api, (c) =>
    Effect.all(
      {
        positions: c.geoloc.last(),
        bookings: c.bookings.list({
          urlParams: { from: DateTime.unsafeMake(from), to: DateTime.unsafeMake(to) },
        }),
        counters: c.counters.list().pipe(Effect.catchTag("Forbidden", () => Effect.succeed([]))),
        notifications: c.notifications.list(),
        maintenance: c.maintenance.alerts(),
      },
      { concurrency: "unbounded" },
    ),
  )
