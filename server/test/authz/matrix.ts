// Size: the matrix vocabulary (actors, variants, rows) and the list of every endpoint group, read as one table.
import type { Grant, Right } from "../../../src/schema/rights"
import { activitiesRows } from "./rows.activities"
import { adminRows } from "./rows.admin"
import { announcementsRows } from "./rows.announcements"
import { authRows } from "./rows.auth"
import { bleTagsRows } from "./rows.bleTags"
import { bookingsRows } from "./rows.bookings"
import { bookingUseRows } from "./rows.bookingUse"
import { boxesRows } from "./rows.boxes"
import { canbusRows } from "./rows.canbus"
import { clustersRows } from "./rows.clusters"
import { countersRows } from "./rows.counters"
import { dashboardRows } from "./rows.dashboard"
import { fieldCommentsRows, fieldsRows } from "./rows.fields"
import { machinesRows } from "./rows.machines"
import { maintenanceRows } from "./rows.maintenance"
import { meRows } from "./rows.me"
import { membershipRows } from "./rows.membership"
import { notificationsRows } from "./rows.notifications"
import { propertiesRows } from "./rows.properties"
import { publicRows } from "./rows.public"
import { telemetryRows } from "./rows.telemetry"
import { usageRows } from "./rows.usage"
import { vegetationRows } from "./rows.vegetation"

/**
 * Who may call what: every endpoint of SillonApi, every kind of caller, the answer expected.
 * server/authz/matrix.test.ts runs each cell against both databases, on fresh fixtures.
 * The rows live in server/authz/rows.<group>.ts, one file per API group, merged below in the
 * API's order.
 *
 * Actors
 * - anonymous  no token, no account (a fresh e-mail where one is needed)
 * - visitor    an account holder calling without a token (public calls: sign-in, refresh…)
 * - outsider   signed in, member (with every right) of a third structure only
 * - holder     member of A holding exactly `holds`
 * - lacking    member of A holding every right but `lacks`
 * - self       member of A without rights, acting on their own record or notification
 * - invitee    not a member, with an open invitation to A
 * - requester  not a member, with a pending request to join A
 * - grantee    not a member of A, holding the `booking` and `management` grants on A's machine
 * - admin      a platform administrator (users.is_admin), member of no structure
 *
 * Targets: A = the structure those actors belong to (its machine, its member Bob, the invitation to
 * A, the request to join A, the actor's own notification); B = another structure none of them
 * belongs to (its machine, its member Bob, someone else's invitation, request, notification);
 * `-` = the call is about no structure. `A/guest`: in A, with `:userId` a person outside the actor's
 * reach (neither a member of A, nor the actor, nor one of the actor's delegated users).
 *
 * Expected: the status, then for refusals and conflicts the message code; a 403's French text is
 * spelt out in `frenchMessages` and checked word for word. A line may end with `@variant`: the
 * cell then runs with that entry of the endpoint's `variants` (other rights, body, fixtures).
 *
 * Fixtures keep every right held in A and B (the owner holds all 19) unless a variant says
 * otherwise, so a 2xx never depends on the "no right is lost" rule.
 */
export type Actor =
  | "anonymous"
  | "visitor"
  | "outsider"
  | "holder"
  | "lacking"
  | "self"
  | "invitee"
  | "requester"
  | "grantee"
  | "admin"
export type Target = "A" | "B" | "-" | "A/guest"

/** What `:id` names in the endpoint's path; `:userId` is Bob (a member of A and B), or the actor for `self`. */
export type IdKind =
  | "cluster"
  | "machine"
  | "invitation"
  | "request"
  | "notification"
  | "counter"
  | "association"
  | "tag"
  | "booking"
  | "field"
  | "comment"
  /** An id no comment has yet (to create one). */
  | "newComment"
  /** An activity of the structure's machine, yesterday. */
  | "activity"
  /** An announcement of the structure, by its owner, showing. */
  | "announcement"
  /** An id no announcement has yet (to post one). */
  | "newAnnouncement"
  /** A maintenance profile naming the structure, its machine attached, one rule (an oil change). */
  | "profile"
  /** A maintenance action done on the structure's machine two days ago, for that rule. */
  | "maintenanceAction"

/** What the call sends, from the cell's fixtures. */
export interface CallContext {
  readonly actor: { readonly email: string; readonly password: string; readonly refreshToken: string }
  readonly fresh: () => string
}

/** What a `@variant` cell changes in its world and call. */
export interface Variant {
  /** The holder's rights in A, instead of the endpoint's `holds`. */
  readonly holds?: ReadonlyArray<Right>
  /** The owner's rights in A (all 19 otherwise). */
  readonly owner?: ReadonlyArray<Right>
  /** Bob's rights in A (none otherwise). */
  readonly bob?: ReadonlyArray<Right>
  /** The actor's grants on A's machine (none otherwise; the grantee's are booking and management). */
  readonly grants?: ReadonlyArray<Grant>
  /** Who `:userId` names: Bob (the default) or the actor. */
  readonly user?: "bob" | "actor"
  /**
   * The fixture booking in A (requested for Bob by Bob, from tomorrow for two hours, on A's
   * machine): `by` the actor instead (requested by and for them), another `status`, `ended`, or
   * with Bob booked as its second resource (`employee`).
   */
  readonly booking?: {
    readonly employee?: boolean
    readonly by?: "bob" | "actor"
    readonly status?: "requested" | "accepted" | "refused" | "cancelled"
    readonly ended?: boolean
  }
  /** A's field (owned by a farmer member of A with no rights) owned by the actor instead. */
  readonly field?: { readonly owner: "actor" }
  /** A's field comment (by the field's owner) written by the actor instead. */
  readonly comment?: { readonly author: "actor" }
  readonly body?: (c: CallContext) => unknown
}

export interface EndpointRows {
  readonly id?: IdKind
  readonly holds?: ReadonlyArray<Right>
  readonly lacks?: Right
  readonly query?: (
    c: CallContext & { readonly cluster: string; readonly machine: string },
  ) => Record<string, string>
  /** The path's other parameters (`:z` → `params.z`). */
  readonly params?: Record<string, string>
  /** The path's other parameters naming an object of the target (`:machineId` → its machine). */
  readonly pathIds?: Record<string, IdKind>
  readonly headers?: (c: CallContext) => Record<string, string>
  readonly body?: (c: CallContext) => unknown
  readonly variants?: Record<string, Variant>
  /** A 200 answered to these actors must contain this object of A (a list that shows it). */
  readonly shows?: { readonly id: IdKind; readonly to: ReadonlyArray<Actor> }
  /** One cell a line: actor, target, expected status [code] [@variant]. */
  readonly cells: string
}

export const frenchMessages = {
  forbidden: "Vous ne possédez pas les droits pour effectuer ceci.",
  modificationNotAllowed: "Cette modification n'est pas autorisée",
  associationNotAllowed: "Cette association n'est pas autorisee",
} as const

export const matrix: Record<string, EndpointRows> = {
  ...authRows,
  ...meRows,
  ...clustersRows,
  ...machinesRows,
  ...membershipRows,
  ...notificationsRows,
  ...propertiesRows,
  ...countersRows,
  ...bleTagsRows,
  ...bookingsRows,
  ...bookingUseRows,
  ...fieldsRows,
  ...fieldCommentsRows,
  ...vegetationRows,
  ...boxesRows,
  ...telemetryRows,
  ...activitiesRows,
  ...usageRows,
  ...dashboardRows,
  ...canbusRows,
  ...maintenanceRows,
  ...announcementsRows,
  ...adminRows,
  ...publicRows,
}

export interface Cell {
  readonly endpoint: string
  readonly actor: Actor
  readonly target: Target
  readonly status: number
  readonly code: string | undefined
  readonly variant: string | undefined
}

const actors: ReadonlyArray<Actor> = [
  "anonymous",
  "visitor",
  "outsider",
  "holder",
  "lacking",
  "self",
  "invitee",
  "requester",
  "grantee",
  "admin",
]

/** The matrix as a list of cells; a malformed line throws, naming it. */
export const cells = (): ReadonlyArray<Cell> =>
  Object.entries(matrix).flatMap(([endpoint, rows]) =>
    rows.cells
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .map((line) => {
        const words = line.split(/\s+/)
        const variant = words.at(-1)?.startsWith("@") ? words.pop()?.slice(1) : undefined
        const [actor, target, status, code, ...rest] = words
        if (
          (variant !== undefined && rows.variants?.[variant] === undefined) ||
          !actors.includes(actor as Actor) ||
          !["A", "B", "-", "A/guest"].includes(target) ||
          !/^\d{3}$/.test(status) ||
          rest.length > 0 ||
          (actor === "lacking" && rows.lacks === undefined) ||
          (target !== "-" && rows.id === undefined && endpoint !== "machines.list")
        )
          throw new Error(`authorization matrix, ${endpoint}: cannot read "${line}"`)
        return {
          endpoint,
          actor: actor as Actor,
          target: target as Target,
          status: Number(status),
          code,
          variant,
        }
      }),
  )
