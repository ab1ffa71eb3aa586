import { DateTime, Schema } from "effect"
import { FilterEntryRef } from "./catalogue"
import { ClusterRef } from "./cluster"
import { FieldGeometry, FieldOwner } from "./field"
import { BookingId, FieldId, FilterEntryId, MachineId, UserId } from "./ids"
import { PersonName } from "./membership"
import type { MessageCode } from "./messages"
import { allowedText, BoundedDateTime, Repeated } from "./validation"

const code = (c: MessageCode) => ({ message: () => c })

/**
 * SPEC §3/§5: what a booking holds, in the order chosen (the order is kept and shown): machines
 * and/or employees (members of the structure). At least one machine ('Veuillez renseigner une
 * machine'), each resource once, at most `maxResources`.
 */
export const ResourceKind = Schema.Literal("machine", "employee")
export type ResourceKind = typeof ResourceKind.Type
export const ResourceRef = Schema.Union(
  Schema.Struct({ kind: Schema.Literal("machine"), id: MachineId }),
  Schema.Struct({ kind: Schema.Literal("employee"), id: UserId }),
)
export type ResourceRef = typeof ResourceRef.Type
export const maxResources = 20

/** A booked resource as shown: its name is the machine's name, or the member's label. */
export const BookedResource = Schema.Struct({ kind: ResourceKind, id: Schema.UUID, name: Schema.String })
export type BookedResource = typeof BookedResource.Type

/** A field a booking names (SPEC §3 Booking: fields), as shown: its name and area (ha, unrounded). */
export const BookedField = Schema.Struct({ id: FieldId, name: Schema.String, areaHa: Schema.Number })
export type BookedField = typeof BookedField.Type
export const maxBookingFields = 100

/**
 * A field a booking in a structure may name (`GET /clusters/{id}/fields`): the fields of the
 * structure's members, with their owner and outline for the form's list and map.
 */
export const BookingFieldOption = Schema.Struct({
  id: FieldId,
  name: Schema.String,
  areaHa: Schema.Number,
  crop: Schema.NullOr(Schema.String),
  owner: FieldOwner,
  geometry: FieldGeometry,
})
export type BookingFieldOption = typeof BookingFieldOption.Type

/**
 * Booking lifecycle (docs/statecharts/booking.md): requested → accepted by a member allowed to
 * accept every resource; requested → refused by such a member; requested | accepted → cancelled
 * by the requester or an acceptor. Refused and cancelled bookings free their resources and never
 * move again. A booking that has ended does not move either.
 */
export const BookingStatus = Schema.Literal("requested", "accepted", "refused", "cancelled")
export type BookingStatus = typeof BookingStatus.Type
/** The statuses that hold their resources (the database's exclusion constraint covers these). */
export const activeStatuses: ReadonlyArray<BookingStatus> = ["requested", "accepted"]
export const bookingMoves = { accept: "accepted", refuse: "refused", cancel: "cancelled" } as const
export type BookingMove = keyof typeof bookingMoves

/** A WGS84 position. */
export const LngLat = Schema.Struct({
  lng: Schema.Number.pipe(Schema.between(-180, 180, code("outOfRange"))),
  lat: Schema.Number.pipe(Schema.between(-90, 90, code("outOfRange"))),
})
export type LngLat = typeof LngLat.Type

/** Where the work happens, said in words, optionally with a point on the map. */
export const BookingLocation = Schema.Struct({
  label: allowedText(Schema.Trim.pipe(Schema.maxLength(200))),
  point: Schema.NullOr(LngLat),
})
export type BookingLocation = typeof BookingLocation.Type

const Position = Schema.Tuple(
  Schema.Number.pipe(Schema.between(-180, 180, code("outOfRange"))),
  Schema.Number.pipe(Schema.between(-90, 90, code("outOfRange"))),
)
const closedRing = (ring: ReadonlyArray<readonly [number, number]>) =>
  ring.length >= 4 && ring[0][0] === ring[ring.length - 1][0] && ring[0][1] === ring[ring.length - 1][1]

/** A drawn area: a GeoJSON polygon (closed rings of at least 4 positions, 2,000 at most in all). */
export const BookingGeometry = Schema.Struct({
  type: Schema.Literal("Polygon"),
  coordinates: Schema.Array(Schema.Array(Position)).pipe(
    Schema.minItems(1),
    Schema.filter((rings) => rings.every(closedRing) || "invalidGeometry"),
    Schema.filter((rings) => rings.reduce((n, r) => n + r.length, 0) <= 2000 || "invalidGeometry"),
  ),
})
export type BookingGeometry = typeof BookingGeometry.Type

/** The person a booking is for, and who asked: a member of the booking's structure. */
export const BookingPerson = Schema.extend(PersonName, Schema.Struct({ id: UserId }))
export type BookingPerson = typeof BookingPerson.Type

/** What the caller may do with a booking now, by the server's rules (the UI enables from it). */
export const BookingAbilities = Schema.Struct({
  accept: Schema.Boolean,
  refuse: Schema.Boolean,
  edit: Schema.Boolean,
  cancel: Schema.Boolean,
  /** See how its machines were used (docs/booking-use.md): whoever accepts every machine it books. */
  seeUse: Schema.Boolean,
})
export type BookingAbilities = typeof BookingAbilities.Type

/**
 * SPEC §3 Booking. `accepted` is `status === "accepted"` (red while false, green once true).
 * `decidedBy` is who made the last decision about it: who accepted, refused or cancelled it (a
 * requester cancelling their own booking included); null while it waits for a first decision,
 * and again once an edit sends it back to requested.
 */
export class Booking extends Schema.Class<Booking>("Booking")({
  id: BookingId,
  cluster: ClusterRef,
  resources: Schema.Array(BookedResource),
  /** The fields worked, in the order chosen (a field deleted since is no longer listed). */
  fields: Schema.Array(BookedField),
  /** The first machine of the sequence (SPEC §3 "machine"); null once every booked machine was deleted. */
  machine: Schema.NullOr(BookedResource),
  user: BookingPerson,
  requestedBy: BookingPerson,
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
  comments: Schema.String,
  location: Schema.NullOr(BookingLocation),
  geometry: Schema.NullOr(BookingGeometry),
  /** What the work spreads, sows or handles, when the booking says it (the activities read it). */
  productType: Schema.optionalWith(Schema.NullOr(FilterEntryRef), { default: () => null }),
  status: BookingStatus,
  accepted: Schema.Boolean,
  decidedBy: Schema.NullOr(PersonName),
  createdAt: Schema.DateTimeUtc,
  updatedAt: Schema.DateTimeUtc,
  can: BookingAbilities,
}) {}

const resourceKey = (r: ResourceRef) => `${r.kind}:${r.id}`
const resources = Schema.Array(ResourceRef).pipe(
  Schema.maxItems(maxResources),
  Schema.filter((list) => list.some((r) => r.kind === "machine") || "machineRequired"),
  Schema.filter((list) => new Set(list.map(resourceKey)).size === list.length || "duplicateResource"),
)

const bookingFields = Schema.Array(FieldId).pipe(
  Schema.maxItems(maxBookingFields),
  Schema.filter((list) => new Set(list).size === list.length || "duplicateField"),
)

const endAfterStart = (v: { start_date: DateTime.Utc; end_date: DateTime.Utc }) =>
  DateTime.lessThan(v.start_date, v.end_date) || { path: ["end_date"], message: "endBeforeStart" }

/**
 * `PUT /machines/{id}/booking`: creates the booking `id` (chosen by the client) or, when it
 * exists, replaces what can be edited. The path's machine is one of the resources. Sending the
 * same content again changes nothing and answers the same booking (safe to retry).
 */
export const BookingInput = Schema.Struct({
  id: BookingId,
  resources: Schema.propertySignature(resources).annotations({ missingMessage: () => "machineRequired" }),
  /** The member the booking is for (another member than the caller needs 'book employees for another member'). */
  user: Schema.propertySignature(UserId.annotations(code("userRequired"))).annotations({
    missingMessage: () => "userRequired",
  }),
  /** From 2000-01-01 to 2150-01-01 ('outOfRange' otherwise). */
  start_date: Schema.propertySignature(BoundedDateTime("required")).annotations({
    missingMessage: () => "required",
  }),
  /**
   * After the start, up to 2150-01-01. No longest duration: a structure may hold a machine for a
   * whole season (or longer) with one booking.
   */
  end_date: Schema.propertySignature(BoundedDateTime("required")).annotations({
    missingMessage: () => "required",
  }),
  /** Free text; a NUL character is refused ('invalidText'). */
  comments: Schema.optionalWith(allowedText(Schema.String.pipe(Schema.maxLength(2000))), {
    default: () => "",
  }),
  location: Schema.optionalWith(Schema.NullOr(BookingLocation), { default: () => null }),
  geometry: Schema.optionalWith(Schema.NullOr(BookingGeometry), { default: () => null }),
  /**
   * The fields worked, in order (each once, at most `maxBookingFields`): fields whose owner is a
   * member of the booking's structure ('bookingFieldUnknown' otherwise); a field the booking
   * already names may stay after its owner left.
   */
  fields: Schema.optionalWith(bookingFields, { default: () => [] }),
  /** A product type of the catalogue ('selectionUnknown' otherwise); absent or null: none said. */
  productType: Schema.optionalWith(Schema.NullOr(FilterEntryId), { default: () => null }),
}).pipe(Schema.filter(endAfterStart))
export type BookingInput = typeof BookingInput.Type

/**
 * `GET /booking?machine=…&employee=…&cluster=…&from=…&to=…`: the bookings the caller may see
 * that touch any named machine or employee (or, without them, the structure's or all of the
 * caller's structures'), overlapping [from, to) (default: 31 days back to 366 days ahead; at
 * most 400 days; `from` and `to` from 2000-01-01 to 2150-01-01, 'outOfRange' otherwise),
 * refused and cancelled ones only with `all=true`. Oldest start first.
 */
export const BookingQuery = Schema.Struct({
  machine: Schema.optional(Repeated(MachineId)),
  employee: Schema.optional(Repeated(UserId)),
  cluster: Schema.optional(Schema.UUID),
  from: Schema.optional(BoundedDateTime("badRequest")),
  to: Schema.optional(BoundedDateTime("badRequest")),
  all: Schema.optional(Schema.BooleanFromString),
})
export type BookingQuery = typeof BookingQuery.Type
export const maxWindowDays = 400
