import { Schema } from "effect"
import { Brand, MachineCategory, MachineTypeRef } from "./catalogue"
import { ClusterRef } from "./cluster"
import { Decimal, decimalBetween } from "./decimal"
import { BrandId, ClusterId, CounterId, FilterEntryId, MachineId, UserId } from "./ids"
import { PersonName, UserSummary } from "./membership"
import { GrantSet } from "./rights"
import { Required } from "./validation"

/** A machine as lists show it. Sorted by name. */
export class MachineSummary extends Schema.Class<MachineSummary>("MachineSummary")({
  id: MachineId,
  name: Schema.String,
  cluster: ClusterRef,
}) {}

/** One person's grants on one machine (`GET /machines/{id}/users_access`). */
export class UserAccess extends Schema.Class<UserAccess>("UserAccess")({
  user: UserSummary,
  grants: GrantSet,
}) {}

export const UserAccessEdit = Schema.Struct({ grants: GrantSet })

export const vibrationLevels = ["none", "low", "medium", "high"] as const
export const VibrationLevel = Schema.Literal(...vibrationLevels)
/** How an activity's time is bounded: not at all, cut at midnight, or by the machine's bookings. */
export const TimeLimitation = Schema.Literal("none", "day", "booking")
/** What decides which work an activity belongs to first. */
export const AttributionSource = Schema.Literal("booking", "field", "tag")

/** A duration in minutes: at most a day. */
const minutes = decimalBetween(0, 1440)

/**
 * SPEC §3 advanced parameters, read when activities are detected from the box's traces. Each has
 * a documented default (`defaultSettings`), used until someone changes it. Numbers are decimals
 * with a point, within sensible limits (else `outOfRange`); percentages 0–100, the diesel
 * correction −100…100.
 */
export const MachineSettings = Schema.Struct({
  minutesBetweenWorks: minutes.annotations({ description: "minutes between 2 works" }),
  secondsMaxFieldFusion: decimalBetween(0, 3600).annotations({
    description: "seconds max for field fusion (turn-around outside the field)",
  }),
  fieldWorkMinDurationMinutes: minutes,
  minPauseMinutes: minutes,
  maxGpsAccuracyErrorMeters: decimalBetween(0, 10_000),
  minVibration: VibrationLevel,
  timeLimitation: TimeLimitation,
  ignoreUnknownFields: Schema.Boolean,
  minWorkPercentOnField: decimalBetween(0, 100),
  dieselConsumptionCorrectionPercent: decimalBetween(-100, 100).annotations({
    description: "added to the measured consumption, in percent (may be negative)",
  }),
  minActivityDurationMinutes: minutes,
  /** SPEC "priority, booking, field, tag": the order in which these attribute an activity. */
  priority: Schema.Array(AttributionSource),
})
export type MachineSettings = typeof MachineSettings.Type

export const defaultSettings: MachineSettings = {
  minutesBetweenWorks: 30,
  secondsMaxFieldFusion: 120,
  fieldWorkMinDurationMinutes: 5,
  minPauseMinutes: 3,
  maxGpsAccuracyErrorMeters: 30,
  minVibration: "low",
  timeLimitation: "day",
  ignoreUnknownFields: false,
  minWorkPercentOnField: 50,
  dieselConsumptionCorrectionPercent: 0,
  minActivityDurationMinutes: 2,
  priority: ["booking", "field", "tag"],
}

/** How the machine's use is billed to members (the invoices read it). */
export const BillingUnit = Schema.Literal("hour", "hectare", "km", "day")
export const Billing = Schema.Struct({ unit: BillingUnit, rate: Schema.Number })

/** A reference fuel consumption: litres per engine hour, or litres per hectare worked. */
export const ConsumptionUnit = Schema.Literal("litresPerHour", "litresPerHectare")
export type ConsumptionUnit = typeof ConsumptionUnit.Type
/**
 * What the manager says the machine burns, used for the fuel figure only when the machine has no
 * CAN fuel value (then corrected by the diesel correction); null: no fuel figure without CAN.
 */
export const Consumption = Schema.Struct({ unit: ConsumptionUnit, rate: Schema.Number })
export type Consumption = typeof Consumption.Type
/** Litres per hour or per hectare: above 0 (a rate of 0 would invent a figure), at most 500. */
export const consumptionRateMax = 500
const consumptionRate = Decimal.pipe(
  Schema.filter((n) => (n > 0 && n <= consumptionRateMax) || "outOfRange", {
    description: `a number above 0, at most ${consumptionRateMax}`,
  }),
)

export const Maintenance = Schema.Struct({
  dateOfIssue: Schema.NullOr(Schema.DateTimeUtc),
  totalDistanceKm: Schema.NullOr(Schema.Number),
  workingHours: Schema.NullOr(Schema.Number),
  engineHours: Schema.NullOr(Schema.Number),
  engineHoursMeasuredAt: Schema.NullOr(Schema.DateTimeUtc),
})

export class Machine extends Schema.Class<Machine>("Machine")({
  id: MachineId,
  cluster: ClusterRef,
  name: Schema.String,
  brand: Schema.NullOr(Brand),
  model: Schema.NullOr(Schema.String),
  category: Schema.NullOr(MachineCategory.pipe(Schema.omit("types"))),
  type: Schema.NullOr(MachineTypeRef),
  toolWidthMeters: Schema.NullOr(Schema.Number),
  maxWorkingSpeedKmh: Schema.NullOr(Schema.Number),
  canPresent: Schema.Boolean,
  canType: Schema.NullOr(Schema.String),
  /** The member who owns the machine (a CUMA often runs machines its members own). */
  owner: Schema.NullOr(PersonName.pipe(Schema.extend(Schema.Struct({ id: UserId })))),
  billing: Schema.NullOr(Billing),
  consumption: Schema.NullOr(Consumption),
  maintenance: Maintenance,
  settings: MachineSettings,
  /** The box on it now (the association without an end, or ending later). */
  currentCounter: Schema.NullOr(CounterId),
}) {}

/** A decimal up to `max` (a comma is `decimalComma`, beyond the limit `outOfRange`); null clears it. */
const optionalDecimal = (max: number) => Schema.optional(Schema.NullOr(decimalBetween(0, max)))
/** Kilometres and hours a machine can total. */
const counterMax = 10_000_000
/** Euros per billing unit: far above any real rate, and far below what a double cannot hold. */
const rateMax = 1_000_000
const optionalText = Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(200))))

/** The editable fields; numbers are `Decimal` (a comma is refused with `decimalComma`). */
const machineFields = {
  name: Required,
  brand: Schema.optional(Schema.NullOr(BrandId)),
  model: optionalText,
  category: Schema.optional(Schema.NullOr(FilterEntryId)),
  type: Schema.optional(Schema.NullOr(FilterEntryId)),
  toolWidthMeters: optionalDecimal(100),
  maxWorkingSpeedKmh: optionalDecimal(100),
  canPresent: Schema.optional(Schema.Boolean),
  canType: optionalText,
  owner: Schema.optional(Schema.NullOr(UserId)),
  billing: Schema.optional(
    Schema.NullOr(Schema.Struct({ unit: BillingUnit, rate: decimalBetween(0, rateMax) })),
  ),
  /** An advanced parameter: changed by the machine's managers only, like `settings`. */
  consumption: Schema.optional(
    Schema.NullOr(Schema.Struct({ unit: ConsumptionUnit, rate: consumptionRate })),
  ),
  maintenance: Schema.optional(
    Schema.Struct({
      dateOfIssue: Schema.optional(Schema.NullOr(Schema.DateTimeUtc)),
      totalDistanceKm: optionalDecimal(counterMax),
      workingHours: optionalDecimal(counterMax),
      engineHours: optionalDecimal(counterMax),
      engineHoursMeasuredAt: Schema.optional(Schema.NullOr(Schema.DateTimeUtc)),
    }),
  ),
  settings: Schema.optional(Schema.partial(MachineSettings)),
}

/** `POST /machines`: a new machine in a structure (right: create machine). */
export const MachineInput = Schema.Struct({ cluster: ClusterId, ...machineFields })
export type MachineInput = typeof MachineInput.Type

/** SPEC §7 `PATCH machines/{id} {editMachine}`: only what is sent changes. */
export const MachineEdit = Schema.Struct({ ...machineFields, name: Schema.optional(Required) })
export type MachineEdit = typeof MachineEdit.Type

/**
 * What `/machines/{id}/pickoff` shows before sign-in: which machine this is and the box on it now
 * (the one the page would remove), nothing more.
 */
export const PublicMachine = Schema.Struct({
  id: MachineId,
  name: Schema.String,
  clusterName: Schema.String,
  counter: Schema.NullOr(CounterId),
})
