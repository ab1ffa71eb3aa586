import { Schema } from "effect"
import { FilterName } from "./catalogue"
import { FieldGeometry } from "./field"
import { ActivityId, BookingId, ClusterId, FieldId, FilterEntryId, MachineId, UserId } from "./ids"
import { MachineSummary } from "./machine"
import { PersonName } from "./membership"
import type { MessageCode } from "./messages"
import { Limit, Page, periodFilter } from "./telemetryReads"
import { Locale } from "./user"
import { allowedText } from "./validation"
import { WorkState } from "./workStates"

/**
 * SPEC §3 Activity: work the engine found in a machine's trace (server/activities, docs/activities.md),
 * with every figure the specification names, who it is for and why, and how sure it is yet.
 */

/** A person named on an activity (the member it is for, a driver). */
export const ActivityPerson = PersonName.pipe(Schema.extend(Schema.Struct({ id: UserId })))
export type ActivityPerson = typeof ActivityPerson.Type

/** What decided who the work is for: the machine's priority between booking, field and tag. */
export const AttributionReason = Schema.Literal("booking", "field", "tag", "none", "manual")
export type AttributionReason = typeof AttributionReason.Type

export const ActivityFieldShare = Schema.Struct({
  id: FieldId,
  name: Schema.String,
  /** Seconds of field work in it. */
  workSeconds: Schema.Number,
  /** Area worked in it without overlap, ha (null: the machine has no tool width). */
  areaHa: Schema.NullOr(Schema.Number),
})

export const ProductTypeRef = Schema.Struct({ id: FilterEntryId, name: FilterName })

export class Activity extends Schema.Class<Activity>("Activity")({
  id: ActivityId,
  machine: MachineSummary,
  start: Schema.DateTimeUtc,
  end: Schema.DateTimeUtc,
  durationSeconds: Schema.Number,
  /** Metres on the road, and worked in fields ("distance done"). */
  roadDistanceM: Schema.Number,
  workDistanceM: Schema.Number,
  pauseSeconds: Schema.Number,
  pauseCount: Schema.Number,
  /** Without overlap (coverage) and with it (the swaths' sum), ha; null without a tool width. */
  areaHa: Schema.NullOr(Schema.Number),
  areaWithOverlapHa: Schema.NullOr(Schema.Number),
  /** Litres (after the machine's diesel correction); null when nothing measures or estimates it. */
  fuelLitres: Schema.NullOr(Schema.Number),
  fuelSource: Schema.NullOr(Schema.Literal("can", "rate")),
  maxSpeedKmh: Schema.Number,
  productType: Schema.NullOr(ProductTypeRef),
  fieldCount: Schema.Number,
  fields: Schema.Array(ActivityFieldShare),
  /** Seconds of field work outside every known field. */
  unknownFieldSeconds: Schema.Number,
  /** The member the work is for (SPEC "users"), null when nothing says it. */
  member: Schema.NullOr(ActivityPerson),
  attribution: AttributionReason,
  /**
   * The booking of the machine the work falls in (the one it overlaps most, requested or
   * accepted), null outside every booking: what reconciles bookings with use (docs/booking-use.md).
   */
  booking: Schema.optionalWith(Schema.NullOr(BookingId), { default: () => null }),
  drivers: Schema.Array(ActivityPerson),
  /** Implements heard with it (SPEC "auxiliary"). */
  auxiliaries: Schema.Array(MachineSummary),
  /** Seconds per state. */
  seconds: Schema.Record({ key: WorkState, value: Schema.Number }),
  /** Inside the boxes' 24 h replay window: late fixes may still change it. */
  provisional: Schema.Boolean,
  /** Changed by a person (member or product type); kept across recomputations. */
  edited: Schema.Boolean,
  /** A recomputation after the edit found other figures than the ones the person saw. */
  differsFromEdit: Schema.Boolean,
}) {}

/** A fix of an activity's trace with the engine's label, so anyone can check it. */
export const LabelledPoint = Schema.Struct({
  at: Schema.DateTimeUtc,
  lng: Schema.Number,
  lat: Schema.Number,
  speed: Schema.NullOr(Schema.Number),
  state: WorkState,
  field: Schema.NullOr(FieldId),
})

export class ActivityTrace extends Schema.Class<ActivityTrace>("ActivityTrace")({
  activity: ActivityId,
  points: Schema.Array(LabelledPoint),
}) {}

/** A field or an implement named in a correction. */
export const FieldRef = Schema.Struct({ id: FieldId, name: Schema.String })
export const ImplementRef = Schema.Struct({ id: MachineId, name: Schema.String })

/**
 * One value a person corrected on an activity: what it was and what they made it (a list for the
 * fields, drivers and implements; a field, person or machine deleted since is left out of it).
 */
export const ActivityChange = Schema.Union(
  Schema.Struct({
    field: Schema.Literal("member"),
    from: Schema.NullOr(ActivityPerson),
    to: Schema.NullOr(ActivityPerson),
  }),
  Schema.Struct({
    field: Schema.Literal("productType"),
    from: Schema.NullOr(ProductTypeRef),
    to: Schema.NullOr(ProductTypeRef),
  }),
  Schema.Struct({
    field: Schema.Literal("fields"),
    from: Schema.Array(FieldRef),
    to: Schema.Array(FieldRef),
  }),
  Schema.Struct({
    field: Schema.Literal("drivers"),
    from: Schema.Array(ActivityPerson),
    to: Schema.Array(ActivityPerson),
  }),
  Schema.Struct({
    field: Schema.Literal("auxiliaries"),
    from: Schema.Array(ImplementRef),
    to: Schema.Array(ImplementRef),
  }),
  /** Cut at `at`; `other` is the other part (null once gone). */
  Schema.Struct({
    field: Schema.Literal("split"),
    at: Schema.DateTimeUtc,
    other: Schema.NullOr(ActivityId),
  }),
  /** The activity that started at `at` (`other`, gone since) was merged into this one. */
  Schema.Struct({
    field: Schema.Literal("merge"),
    at: Schema.DateTimeUtc,
    other: Schema.NullOr(ActivityId),
  }),
)
export type ActivityChange = typeof ActivityChange.Type

/** A correction in the activity's history: who, when, what (a person since gone is null). */
export const ActivityHistoryEntry = Schema.Struct({
  at: Schema.DateTimeUtc,
  by: Schema.NullOr(ActivityPerson),
  change: ActivityChange,
})
export type ActivityHistoryEntry = typeof ActivityHistoryEntry.Type

/**
 * A member's dispute of an activity billed to them, and how it was settled: corrected (the
 * activity was changed, see its history) or kept as it is, always with an answer. The disputes of
 * an activity are its thread, oldest first; one at a time waits for its answer.
 */
export const DisputeStatus = Schema.Literal("open", "corrected", "kept")
export type DisputeStatus = typeof DisputeStatus.Type
export const ActivityDispute = Schema.Struct({
  id: Schema.UUID,
  openedAt: Schema.DateTimeUtc,
  /** Null once the person has no account any more. */
  openedBy: Schema.NullOr(ActivityPerson),
  comment: Schema.String,
  status: DisputeStatus,
  answeredAt: Schema.NullOr(Schema.DateTimeUtc),
  answeredBy: Schema.NullOr(ActivityPerson),
  answer: Schema.NullOr(Schema.String),
})
export type ActivityDispute = typeof ActivityDispute.Type

const code = (c: MessageCode) => ({ message: () => c })
/** The longest comment or answer of a dispute, in characters. */
export const maxDisputeLength = 2000
const disputeText = (empty: MessageCode) =>
  allowedText(
    Schema.Trim.pipe(
      Schema.minLength(1, code(empty)),
      Schema.maxLength(maxDisputeLength, code("commentTooLong")),
    ),
  )

/** `POST /activities/{id}/disputes`: why the member contests it. */
export const DisputeInput = Schema.Struct({ comment: disputeText("disputeEmpty") })

/** `POST /activities/{id}/disputes/{dispute}/settle`: corrected or kept, with the answer. */
export const DisputeSettlement = Schema.Struct({
  outcome: Schema.Literal("corrected", "kept"),
  answer: disputeText("answerEmpty"),
})

/**
 * "J'ai terminé mon activité": a driver says, as the work ends, which of its fields it was, what
 * was spread, and anything the office should know; all three optional, at least one given.
 */
export const ActivityConfirmationInput = Schema.Struct({
  field: Schema.optionalWith(Schema.NullOr(FieldId), { default: () => null }),
  productType: Schema.optionalWith(Schema.NullOr(FilterEntryId), { default: () => null }),
  comment: Schema.optionalWith(
    Schema.NullOr(allowedText(Schema.Trim.pipe(Schema.maxLength(maxDisputeLength, code("commentTooLong"))))),
    { default: () => null },
  ),
}).pipe(
  Schema.filter(
    (c) =>
      c.field !== null ||
      c.productType !== null ||
      (c.comment !== null && c.comment !== "") ||
      "confirmationEmpty",
  ),
)

export const ActivityConfirmation = Schema.Struct({
  at: Schema.DateTimeUtc,
  by: Schema.NullOr(ActivityPerson),
  field: Schema.NullOr(Schema.Struct({ id: FieldId, name: Schema.String })),
  productType: Schema.NullOr(ProductTypeRef),
  comment: Schema.NullOr(Schema.String),
})
export type ActivityConfirmation = typeof ActivityConfirmation.Type

/** `POST /activities/{id}/split`: the instant it is cut at, both parts kept. */
export const SplitInput = Schema.Struct({ at: Schema.DateTimeUtc })
/** `POST /activities/{id}/merge`: the activity of the same machine and day right before or after it. */
export const MergeInput = Schema.Struct({ with: ActivityId })

/** The machine's activities right before and after one on its day (what it may be merged with). */
export const ActivityNeighbour = Schema.Struct({
  id: ActivityId,
  start: Schema.DateTimeUtc,
  end: Schema.DateTimeUtc,
})

/**
 * An activity's page in one answer (a phone at the edge of a field asks once): the activity, its
 * labelled trace, the machine's tool width (the covered area is the trace that wide), whether the
 * caller may correct it, the history of its corrections, and its disputes (both oldest first).
 */
export class ActivityDetail extends Schema.Class<ActivityDetail>("ActivityDetail")({
  activity: Activity,
  points: Schema.Array(LabelledPoint),
  toolWidthM: Schema.NullOr(Schema.Number),
  mayEdit: Schema.Boolean,
  history: Schema.Array(ActivityHistoryEntry),
  /** The caller is the member it is billed to, and no dispute of it waits for an answer. */
  mayDispute: Schema.Boolean,
  disputes: Schema.Array(ActivityDispute),
  /** The caller drove it, or may correct it: "J'ai terminé mon activité". */
  mayConfirm: Schema.Boolean,
  confirmations: Schema.Array(ActivityConfirmation),
  /** The outlines of the fields it worked (the evidence: shown to whoever reads the activity). */
  outlines: Schema.optionalWith(
    Schema.Array(Schema.Struct({ id: FieldId, name: Schema.String, geometry: FieldGeometry })),
    { default: () => [] },
  ),
  /** The machine's activities just before and after it on its day (what it may be merged with). */
  previous: Schema.NullOr(ActivityNeighbour),
  next: Schema.NullOr(ActivityNeighbour),
}) {}

/** The most fields, drivers or implements one correction names. */
export const maxCorrectedItems = 20
const tooMany = code("tooManyItems")

/**
 * What a person with the activity modification grant may change: who it is for, what was spread,
 * the fields it worked (docs/activities.md#corrections: the first one chosen takes the work the
 * engine placed elsewhere), its drivers and its implements (the first one's width measures the
 * area). An absent key is left as it is; an empty list says "none".
 */
export const ActivityEdit = Schema.Struct({
  member: Schema.optional(Schema.NullOr(UserId)),
  productType: Schema.optional(Schema.NullOr(FilterEntryId)),
  fields: Schema.optional(Schema.Array(FieldId).pipe(Schema.maxItems(maxCorrectedItems, tooMany))),
  drivers: Schema.optional(Schema.Array(UserId).pipe(Schema.maxItems(maxCorrectedItems, tooMany))),
  auxiliaries: Schema.optional(Schema.Array(MachineId).pipe(Schema.maxItems(maxCorrectedItems, tooMany))),
})

/**
 * What an activity may be corrected to, beyond the structure's members and the product types: the
 * fields of the machine's structure's members (those the engine may find it in), the structure's
 * people who may drive it, and its other machines as implements (with the width they work).
 */
export class ActivityCorrectionChoices extends Schema.Class<ActivityCorrectionChoices>(
  "ActivityCorrectionChoices",
)({
  fields: Schema.Array(
    Schema.Struct({
      id: FieldId,
      name: Schema.String,
      owner: Schema.NullOr(ActivityPerson),
      areaHa: Schema.Number,
    }),
  ),
  drivers: Schema.Array(ActivityPerson),
  implements: Schema.Array(
    Schema.Struct({ id: MachineId, name: Schema.String, toolWidthM: Schema.NullOr(Schema.Number) }),
  ),
}) {}

export const MachineActivitiesQuery = Schema.Struct({
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
})

/** The filters of the list of activities: a UTC period (by start) and any of these. */
const activityFilters = {
  start_date: Schema.DateTimeUtc,
  end_date: Schema.DateTimeUtc,
  cluster: Schema.optional(ClusterId),
  machine: Schema.optional(MachineId),
  field: Schema.optional(FieldId),
  driver: Schema.optional(UserId),
  member: Schema.optional(UserId),
  productType: Schema.optional(FilterEntryId),
}

/**
 * The activities a person may see over a UTC period (by start), narrowed by any of: a structure,
 * a machine, a field worked, a driver, the member billed, a product type; ordered by `sort`
 * (`start` by default) and `order` (`desc` by default); a page of them at a time (`page` from 1,
 * `limit` 100 by default, 1,000 at most), the totals over all.
 */
/** What the list and its exports are ordered by; missing figures (no area, no fuel, nobody) last. */
export const ActivitySort = Schema.Literal(
  "start",
  "machine",
  "duration",
  "workHours",
  "area",
  "fuel",
  "member",
)
export type ActivitySort = typeof ActivitySort.Type
export const SortOrder = Schema.Literal("asc", "desc")
export type SortOrder = typeof SortOrder.Type
const ordering = {
  sort: Schema.optionalWith(ActivitySort, { default: () => "start" as const }),
  order: Schema.optionalWith(SortOrder, { default: () => "desc" as const }),
}

/**
 * The list's query as the browser holds it: a period of ISO instants, any filters, the order and
 * the page (the services turn it into `ActivityListQuery`'s parameters).
 */
export interface ActivityListAsk {
  readonly start: string
  readonly end: string
  readonly cluster?: ClusterId
  readonly machine?: MachineId
  readonly field?: FieldId
  readonly driver?: UserId
  readonly member?: UserId
  readonly productType?: FilterEntryId
  readonly sort: ActivitySort
  readonly order: SortOrder
  readonly page: number
}

export const ActivityListQuery = Schema.Struct({
  ...activityFilters,
  ...ordering,
  page: Page,
  limit: Limit,
}).pipe(Schema.filter(periodFilter))

/**
 * Totals over a list of activities (SPEC §9 units), the one way every screen sums activities:
 * hours of work are the field-work seconds; ha/h is the area over them; L/ha the fuel over the
 * area of the activities that have both.
 */
export class ActivityTotals extends Schema.Class<ActivityTotals>("ActivityTotals")({
  count: Schema.Int,
  durationSeconds: Schema.Number,
  workSeconds: Schema.Number,
  /**
   * Sum of the areas known (activities of a machine without tool width have none); null when no
   * activity's area is known — an unknown is not a zero.
   */
  areaHa: Schema.NullOr(Schema.Number),
  areaWithOverlapHa: Schema.NullOr(Schema.Number),
  workDistanceKm: Schema.Number,
  roadDistanceKm: Schema.Number,
  /** Sum of the fuel known; null when nothing measured or estimated any. */
  fuelLitres: Schema.NullOr(Schema.Number),
  /** Area an hour of field work; null without field work or area. */
  haPerHour: Schema.NullOr(Schema.Number),
  /** Litres a hectare, over the activities with both; null when none has both. */
  litresPerHa: Schema.NullOr(Schema.Number),
}) {}

export class ActivityList extends Schema.Class<ActivityList>("ActivityList")({
  /** The page asked, newest first. */
  activities: Schema.Array(Activity),
  page: Schema.Int,
  limit: Schema.Int,
  /** Over every activity of the filters, not only the page (`totals.count` of them). */
  totals: ActivityTotals,
}) {}

/** An IANA time zone name the runtime knows ("Europe/Paris"). */
export const TimeZoneName = Schema.String.pipe(
  Schema.filter(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone })
        return true
      } catch {
        return false
      }
    },
    { message: () => "unknownTimeZone" },
  ),
)

/**
 * The list's filters, and how to write it: the spreadsheet's language (headers, separator, decimal
 * mark, dates) and the time zone its times are written in (default: the French farms' own).
 */
export const ActivityExportQuery = Schema.Struct({
  ...activityFilters,
  ...ordering,
  lang: Schema.optionalWith(Locale, { default: () => "fr" as const }),
  tz: Schema.optionalWith(TimeZoneName, { default: () => "Europe/Paris" }),
}).pipe(Schema.filter(periodFilter))
