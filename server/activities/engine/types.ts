import type { MultiPolygon, Polygon } from "geojson"
import type { MachineSettings } from "../../../src/schema/machine"
import type { WorkState } from "../../../src/schema/workStates"

/**
 * The activity engine's input and output: pure data, no clock, no database. The server gathers one
 * machine's fixes for a machine-day (with an overlap into the neighbouring days), its settings and
 * the fields, tags and bookings that may explain them, and stores what the engine returns.
 * Times are epoch milliseconds (UTC); positions WGS 84 degrees.
 */

/** Vibration as boxes report it: 0 none, 1 low, 2 medium, 3 high; null when the box has none. */
export type VibrationIndex = 0 | 1 | 2 | 3

export interface EngineFix {
  readonly t: number
  readonly lng: number
  readonly lat: number
  /** Horizontal accuracy (m), null when the box sent none. */
  readonly acc: number | null
  /** Speed the receiver measured (km/h), null when the box sent none. */
  readonly spd: number | null
  readonly hdg: number | null
  readonly vib: VibrationIndex | null
  /** Named raw CAN values (engineSpeed rpm, engineHours h, fuelRate l/h, fuelLevel %, pto rpm…). */
  readonly can: Readonly<Record<string, number>> | null
  /** The BLE tags heard with the fix (their ids). */
  readonly tags: ReadonlyArray<string>
}

/** A work area the machine may work: the structure's and its members'. */
export interface EngineField {
  readonly id: string
  /** The member who owns it (the one billed when attribution goes by field), null if none. */
  readonly ownerId: string | null
  readonly geometry: Polygon | MultiPolygon
}

/** A BLE tag the box may hear: a driver's (user) or an implement's (machine, the "auxiliary"). */
/**
 * A BLE tag as held by someone for a while: a tag heard at instant t speaks for the holding of its
 * id that covers t, [from, to) in ms (absent bounds: since always, until further notice). A tag
 * given to another person mid-season has two holdings, and the days before stay the first one's.
 */
export type EngineTag = TagHolding &
  (
    | { readonly kind: "user"; readonly userId: string }
    | {
        readonly kind: "machine"
        readonly machineId: string
        /** What the implement spreads or sows, when its tag says it. */
        readonly productTypeId: string | null
        /**
         * The implement's working width (m), when its machine says it: the width of an activity in
         * which it is heard most (a tractor's own width is only what it works without an implement).
         */
        readonly toolWidthM?: number | null
      }
  )

interface TagHolding {
  readonly id: string
  readonly from?: number | null
  readonly to?: number | null
}

/** A booking of the machine (accepted or requested) overlapping the period. */
export interface EngineBooking {
  readonly id: string
  readonly start: number
  readonly end: number
  /** The member the machine is booked for. */
  readonly memberId: string
  readonly fieldIds: ReadonlyArray<string>
  readonly productTypeId: string | null
}

/** How fuel is known when the machine has no CAN fuel value: a rate the manager sets. */
export interface ConsumptionRate {
  readonly unit: "litresPerHour" | "litresPerHectare"
  readonly rate: number
}

export interface EngineMachine {
  readonly id: string
  /** Working width of the tool (m); null when unknown (areas are then null). */
  readonly toolWidthM: number | null
  readonly maxWorkingSpeedKmh: number | null
  readonly canPresent: boolean
  readonly consumption: ConsumptionRate | null
  readonly settings: MachineSettings
}

export interface EngineInput {
  readonly machine: EngineMachine
  /** Any order, possibly duplicated (the engine sorts and keeps one fix per instant). */
  readonly fixes: ReadonlyArray<EngineFix>
  readonly fields: ReadonlyArray<EngineField>
  readonly tags: ReadonlyArray<EngineTag>
  readonly bookings: ReadonlyArray<EngineBooking>
  /**
   * The period whose activities the caller keeps: [start, end). Fixes may extend beyond it (the
   * overlap into the neighbouring days); an activity belongs to the period its start falls in.
   */
  readonly period: { readonly start: number; readonly end: number }
  /**
   * Instants at which an activity must be cut, computed by the caller from the time limitation
   * strategy: local midnights in the structure's time zone for "day", nothing for "none"; for
   * "booking" the engine cuts at its bookings' bounds itself.
   */
  readonly cuts: ReadonlyArray<number>
  /**
   * Implements a person named on activities of the period (docs/activities.md#corrections): the
   * activity found over most of [start, end) is worked with these implements, and its area measured
   * with the first one's width (null: the machine's own), whatever tags were heard.
   */
  readonly implementEdits?: ReadonlyArray<ImplementEdit>
  /**
   * Spans a person merged into one activity (docs/activities.md#split-and-merge): work runs both
   * inside one of them, with no cut between, make one activity whatever the field or the pause.
   * A person's split is a cut (`cuts`), and a cut wins over a join.
   */
  readonly joins?: ReadonlyArray<{ readonly start: number; readonly end: number }>
}

export interface ImplementEdit {
  readonly start: number
  readonly end: number
  readonly auxiliaryIds: ReadonlyArray<string>
  readonly toolWidthM: number | null
}

/** Why a fix was left out of the figures. */
export type IgnoredReason = "duplicate" | "inaccurate" | "jump" | "outOfPeriod"

export interface FixLabel {
  readonly t: number
  readonly state: WorkState
  /** Index into `activities`, null when the fix belongs to none. */
  readonly activity: number | null
  /** The field the fix was worked in, null outside any known field. */
  readonly field: string | null
  readonly ignored: IgnoredReason | null
}

/** Who the work is for, and why (the machine's priority between booking, field and tag). */
export interface Attribution {
  readonly memberId: string | null
  readonly reason: "booking" | "field" | "tag" | "none"
  /** The booking, field or tag that decided it. */
  readonly sourceId: string | null
}

export interface ActivityField {
  readonly fieldId: string
  /** Seconds of field work in it. */
  readonly workSeconds: number
  /** Area worked in it without overlap (ha), null without a tool width. */
  readonly areaHa: number | null
}

export interface EngineActivity {
  readonly start: number
  readonly end: number
  readonly durationSeconds: number
  /** Metres travelled in the `road` state, and in field work ("distance done"). */
  readonly roadDistanceM: number
  readonly workDistanceM: number
  readonly pauseSeconds: number
  readonly pauseCount: number
  /** Area worked without overlap (coverage), and with it (the swaths' sum), ha; null without a tool width. */
  readonly areaHa: number | null
  readonly areaWithOverlapHa: number | null
  /** Litres, null when neither CAN nor a consumption rate says it (never invented). */
  readonly fuelLitres: number | null
  readonly fuelSource: "can" | "rate" | null
  readonly maxSpeedKmh: number
  readonly productTypeId: string | null
  /** Known fields worked, most worked first; work outside them counts in `unknownFieldSeconds`. */
  readonly fields: ReadonlyArray<ActivityField>
  readonly unknownFieldSeconds: number
  /** Drivers heard (user ids, from user tags), most heard first. */
  readonly driverIds: ReadonlyArray<string>
  /** Implements heard (machine ids, from machine tags), most heard first. */
  readonly auxiliaryIds: ReadonlyArray<string>
  readonly bookingId: string | null
  readonly attribution: Attribution
  /** Seconds per state inside the activity. */
  readonly seconds: Readonly<Record<WorkState, number>>
}

export interface EngineOutput {
  /** One label per fix of the input after sorting (duplicates included, marked ignored). */
  readonly labels: ReadonlyArray<FixLabel>
  /** The activities starting inside `period`, in time order. */
  readonly activities: ReadonlyArray<EngineActivity>
}
