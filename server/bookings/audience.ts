import { Effect } from "effect"
import type { StoredBooking } from "./model"
import type { BookingsRepo } from "./repository"
import { type Content, mayAccept } from "./rules"

// Who hears of a booking (SPEC §4 notifications).

/** Who may accept the content, by what they hold in the structure or on its machines (the caller aside). */
export const acceptorsOf = (repo: BookingsRepo, clusterId: string, content: Content, except: string) =>
  repo
    .holders(
      clusterId,
      content.resources.filter((r) => r.kind === "machine").map((r) => r.id),
    )
    .pipe(
      Effect.map((holders) =>
        holders
          .filter((h) => h.userId !== except && mayAccept({ id: h.userId, ...h }, content))
          .map((h) => h.userId),
      ),
    )

/** The requester and the person the booking is for, once each, the caller aside. */
export const concerned = (b: StoredBooking, except: string) =>
  [...new Set([b.requestedBy.id, b.user.id])].filter((id) => id !== except)
