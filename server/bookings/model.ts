import type {
  BookedField,
  BookedResource,
  BookingGeometry,
  BookingLocation,
  BookingStatus,
} from "../../src/schema/booking"
import type { FilterEntryRef } from "../../src/schema/catalogue"
import type { PersonName } from "../../src/schema/membership"
import type { Grant, Right } from "../../src/schema/rights"
import type { Resource } from "./rules"

// What the bookings service reads and writes, between the rows (rows.ts) and the contract.

export interface Person extends PersonName {
  readonly id: string
}

/** A booking as read, before the caller's abilities are added. */
export interface StoredBooking {
  readonly id: string
  readonly clusterId: string
  readonly clusterName: string
  readonly resources: ReadonlyArray<BookedResource>
  readonly fields: ReadonlyArray<BookedField>
  readonly user: Person
  readonly requestedBy: Person
  readonly start: Date
  readonly end: Date
  readonly comments: string
  readonly location: BookingLocation | null
  readonly geometry: BookingGeometry | null
  readonly productType: FilterEntryRef | null
  readonly status: BookingStatus
  readonly decidedBy: PersonName | null
  readonly createdAt: Date
  readonly updatedAt: Date
}

/** What a write stores (the resources in their order). */
export interface BookingWrite {
  readonly id: string
  readonly clusterId: string
  readonly user: string
  readonly requestedBy: string
  readonly start: Date
  readonly end: Date
  readonly comments: string
  readonly location: BookingLocation | null
  readonly geometry: BookingGeometry | null
  /** The product type's id, or null. */
  readonly productType: string | null
  readonly status: BookingStatus
  readonly resources: ReadonlyArray<Resource>
  /** The fields' ids, in order. */
  readonly fields: ReadonlyArray<string>
}

/** Someone's rights in one structure (empty when not a member) and grants on machines. */
export interface Holder {
  readonly userId: string
  readonly member: boolean
  readonly rights: ReadonlyArray<Right>
  readonly grants: ReadonlyMap<string, ReadonlyArray<Grant>>
}

/** Everything the caller holds: rights per structure, grants per machine. */
export interface CallerAccess {
  readonly rights: ReadonlyMap<string, ReadonlyArray<Right>>
  readonly grants: ReadonlyMap<string, ReadonlyArray<Grant>>
}

export interface ListFilter {
  readonly userId: string
  readonly machines: ReadonlyArray<string>
  readonly employees: ReadonlyArray<string>
  readonly cluster: string | undefined
  readonly from: Date
  readonly to: Date
  readonly all: boolean
}
