import { DateTime, Schema } from "effect"
import { FilterEntryRef } from "./catalogue"
import { ClusterRef } from "./cluster"
import { AssociationId, BleTagId, ClusterId, CounterId, FilterEntryId, MachineId, UserId } from "./ids"
import { MachineSummary } from "./machine"
import { PersonName, UserSummary } from "./membership"

/** SPEC §4/§9: an association without an end date is treated as ending then. */
export const openEnd = DateTime.unsafeMake("2150-01-01T00:00:00Z")

/** A box proper, or a phone running Traccar Client (OsmAnd) put on a machine as a box. */
export const CounterKind = Schema.Literal("box", "phone")
export type CounterKind = typeof CounterKind.Type

/** SPEC §3 Counter (box): its id, battery (percent) and last communication. */
export class Counter extends Schema.Class<Counter>("Counter")({
  id: CounterId,
  kind: Schema.optionalWith(CounterKind, { default: () => "box" as const }),
  /** When its current secret was issued (null: none yet, it cannot send). */
  secretIssuedAt: Schema.optionalWith(Schema.NullOr(Schema.DateTimeUtc), { default: () => null }),
  battery: Schema.NullOr(Schema.Number),
  lastCommunication: Schema.NullOr(Schema.DateTimeUtc),
  /** The structure the box belongs to (set by a platform administrator). */
  cluster: Schema.NullOr(ClusterRef),
  /** The machine it is on now, if any. */
  machine: Schema.NullOr(MachineSummary),
}) {}

/**
 * SPEC §3 Counter association: a box on a machine for a period. Active until an end date is
 * set; after creation only the dates change; a past one (ended before now) never changes.
 */
export class CounterAssociation extends Schema.Class<CounterAssociation>("CounterAssociation")({
  id: AssociationId,
  counter: CounterId,
  machines: Schema.Array(MachineSummary),
  cluster: ClusterRef,
  start_date: Schema.DateTimeUtc,
  end_date: Schema.NullOr(Schema.DateTimeUtc),
}) {}

/**
 * The end comes strictly after the start; without an end the association runs until `openEnd`,
 * so it must start before it (else it would cover nothing).
 */
const endAfterStart = <A extends { start_date?: DateTime.Utc; end_date?: DateTime.Utc | null }>(v: A) =>
  v.start_date === undefined ||
  v.end_date === undefined ||
  DateTime.lessThan(v.start_date, v.end_date ?? openEnd) || { path: ["end_date"], message: "endBeforeStart" }

/** Creating an association: the wizard's two steps (structure and box, then machine and dates). */
export const AssociationInput = Schema.Struct({
  cluster: Schema.propertySignature(
    ClusterId.annotations({ message: () => "clusterRequiredForCounter" }),
  ).annotations({
    missingMessage: () => "clusterRequiredForCounter",
  }),
  machine: Schema.propertySignature(MachineId.annotations({ message: () => "selectionUnknown" })).annotations(
    {
      missingMessage: () => "required",
    },
  ),
  start_date: Schema.propertySignature(
    Schema.DateTimeUtc.annotations({ message: () => "required" }),
  ).annotations({
    missingMessage: () => "required",
  }),
  end_date: Schema.optionalWith(Schema.NullOr(Schema.DateTimeUtc), { default: () => null }),
}).pipe(Schema.filter(endAfterStart))
export type AssociationInput = typeof AssociationInput.Type

/**
 * After creation only the dates are editable (an absent key keeps its value; null ends nothing).
 * Any other key is refused (400), never silently ignored.
 */
export const AssociationEdit = Schema.Struct({
  start_date: Schema.optional(Schema.DateTimeUtc),
  end_date: Schema.optional(Schema.NullOr(Schema.DateTimeUtc)),
})
  .annotations({ parseOptions: { onExcessProperty: "error" } })
  .pipe(Schema.filter(endAfterStart))
export type AssociationEdit = typeof AssociationEdit.Type

/** SPEC §3 BLE tag: of type machine or user, attributable to a machine or a person. */
export const BleTagType = Schema.Literal("machine", "user")
export class BleTag extends Schema.Class<BleTag>("BleTag")({
  id: BleTagId,
  type: BleTagType,
  cluster: Schema.NullOr(ClusterRef),
  machine: Schema.NullOr(MachineSummary),
  /** The holder of a user tag: a name and the id (tags live inside one structure, members may know each other's id). */
  user: Schema.NullOr(PersonName.pipe(Schema.extend(Schema.Struct({ id: UserId })))),
  /** What the implement carrying a machine tag spreads, sows or handles (the engine reads it); null on user tags. */
  productType: Schema.optionalWith(Schema.NullOr(FilterEntryRef), { default: () => null }),
}) {}

/**
 * Attributing a tag within its structure: a machine tag to a machine, a user tag to a member; a
 * machine tag may also say its product type (a filter entry of type productType).
 */
export const BleTagAttribution = Schema.Struct({
  machine: Schema.optional(Schema.NullOr(MachineId)),
  user: Schema.optional(Schema.NullOr(Schema.UUID)),
  productType: Schema.optional(Schema.NullOr(FilterEntryId)),
})

/** A person as the admin area lists them. */
export class AdminUser extends Schema.Class<AdminUser>("AdminUser")({
  user: UserSummary,
  admin: Schema.Boolean,
  status: Schema.Literal("unconfigured", "finalised"),
  clusters: Schema.Number,
  createdAt: Schema.DateTimeUtc,
}) {}

/**
 * A box's secret, shown once when issued (at registration, or when an administrator rotates it:
 * the old one stops working at once). Only its hash is kept.
 */
export class BoxSecret extends Schema.Class<BoxSecret>("BoxSecret")({
  secret: Schema.String,
  issuedAt: Schema.DateTimeUtc,
}) {}

/** A box just registered, with its secret (shown this once). */
export class RegisteredCounter extends Schema.Class<RegisteredCounter>("RegisteredCounter")({
  counter: Counter,
  secret: BoxSecret,
}) {}

/** A box is silent once it has sent nothing for this long (its alert, the home page's overview). */
export const silentAfterHours = 24
/** A box is low on battery below this percentage. */
export const lowBatteryPercent = 20
