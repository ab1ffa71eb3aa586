import { Schema } from "effect"
import { ClusterRef } from "./cluster"
import { decimalBetween } from "./decimal"
import { ClusterId, MachineId, MaintenanceActionId, MaintenanceProfileId, MaintenanceRuleId } from "./ids"
import { PersonName } from "./membership"
import type { MessageCode } from "./messages"
import { allowedText, BoundedDateTime } from "./validation"

const code = (c: MessageCode) => ({ message: () => c })

/**
 * What a machine's maintenance counts (SPEC §3 rule unit years, hours, km): engine hours (the
 * engine running, as its boxes saw it), working hours (field work, as the activity engine labelled
 * it), kilometres travelled, and years since the date of issue.
 */
export const maintenanceCounters = ["engineHours", "workingHours", "km", "years"] as const
export const MaintenanceCounter = Schema.Literal(...maintenanceCounters)
export type MaintenanceCounter = typeof MaintenanceCounter.Type

/** The counters a person reads off the machine and types in (years follow the date of issue). */
export const ReadableCounter = Schema.Literal("engineHours", "workingHours", "km")
export type ReadableCounter = typeof ReadableCounter.Type

/** SPEC's unit of a rule, from the counter it follows. */
export const unitOf = (counter: MaintenanceCounter): "hours" | "km" | "years" =>
  counter === "km" ? "km" : counter === "years" ? "years" : "hours"

/** The largest figure a rule or a reading may hold (a million hours or km). */
const maxCounter = 1_000_000

const RuleName = allowedText(
  Schema.Trim.pipe(Schema.minLength(1, code("required")), Schema.maxLength(120, code("textTooLong"))),
)

/**
 * A rule as a person writes it: "Vidange moteur", every 250 engine hours, first at 50. `id` is the
 * client's (kept when the rule is edited, so actions stay attached to it).
 */
export const MaintenanceRuleInput = Schema.Struct({
  id: MaintenanceRuleId,
  name: RuleName,
  counter: MaintenanceCounter,
  /** Every how many hours, km or years once it has come due the first time (more than 0). */
  frequency: decimalBetween(0, maxCounter).pipe(Schema.filter((n) => n > 0 || "outOfRange")),
  /** The counter's value at which it is due the first time (0: due at once). */
  firstEvent: decimalBetween(0, maxCounter),
})
export type MaintenanceRuleInput = typeof MaintenanceRuleInput.Type

export class MaintenanceRule extends Schema.Class<MaintenanceRule>("MaintenanceRule")({
  id: MaintenanceRuleId,
  name: Schema.String,
  counter: MaintenanceCounter,
  unit: Schema.Literal("hours", "km", "years"),
  frequency: Schema.Number,
  firstEvent: Schema.Number,
}) {}

/** How close to due a rule turns "soon", as a share of its frequency: 10 % unless the profile says. */
export const defaultSoonShare = 0.1

/**
 * `POST maintenanceProfiles {name, rules, clusters}`: creates the profile, or replaces it when
 * the id is known (its rules included; a rule left out is removed, its past actions stay).
 */
export const MaintenanceProfileInput = Schema.Struct({
  id: MaintenanceProfileId,
  name: RuleName,
  clusters: Schema.Array(ClusterId).pipe(Schema.minItems(1, code("required")), Schema.maxItems(50)),
  rules: Schema.Array(MaintenanceRuleInput).pipe(Schema.maxItems(100)),
  soonShare: Schema.optionalWith(decimalBetween(0, 0.5), { default: () => defaultSoonShare }),
})
export type MaintenanceProfileInput = typeof MaintenanceProfileInput.Type

export const MaintenanceRulesInput = Schema.Struct({ rules: MaintenanceProfileInput.fields.rules })
export const ProfileMachinesInput = Schema.Struct({
  machines: Schema.Array(MachineId).pipe(Schema.minItems(1, code("required")), Schema.maxItems(500)),
})

export const MachineRef = Schema.Struct({ id: MachineId, name: Schema.String })

export class MaintenanceProfile extends Schema.Class<MaintenanceProfile>("MaintenanceProfile")({
  id: MaintenanceProfileId,
  name: Schema.String,
  clusters: Schema.Array(ClusterRef),
  machines: Schema.Array(MachineRef),
  rules: Schema.Array(MaintenanceRule),
  soonShare: Schema.Number,
  /** Whether the caller may edit it: manageMachine in every structure it names. */
  can: Schema.Struct({ edit: Schema.Boolean }),
}) {}

/** A counter read on the machine, and when (a manual reading, or one entered with an action). */
export const CounterReading = Schema.Struct({
  counter: ReadableCounter,
  value: decimalBetween(0, maxCounter),
})

/**
 * `POST maintenanceActions`: what was done (the rules it satisfies), when, the counters read then,
 * what it cost and who did it. The id is the client's (a retried POST records it once).
 */
export const MaintenanceActionInput = Schema.Struct({
  id: MaintenanceActionId,
  machine: MachineId,
  date: BoundedDateTime("badRequest"),
  rules: Schema.Array(MaintenanceRuleId).pipe(Schema.maxItems(100)),
  readings: Schema.optionalWith(Schema.Array(CounterReading).pipe(Schema.maxItems(3)), { default: () => [] }),
  comment: Schema.optionalWith(allowedText(Schema.Trim.pipe(Schema.maxLength(2000, code("textTooLong")))), {
    default: () => "",
  }),
  /** In cents of euro. */
  costCents: Schema.optionalWith(Schema.NullOr(Schema.Int.pipe(Schema.between(0, 100_000_000))), {
    default: () => null,
  }),
  parts: Schema.optionalWith(allowedText(Schema.Trim.pipe(Schema.maxLength(2000, code("textTooLong")))), {
    default: () => "",
  }),
  /** Who did the work, in words (a mechanic, the dealer's workshop); the author is recorded apart. */
  doneBy: Schema.optionalWith(allowedText(Schema.Trim.pipe(Schema.maxLength(200, code("textTooLong")))), {
    default: () => "",
  }),
})
export type MaintenanceActionInput = typeof MaintenanceActionInput.Type

export class MaintenanceAction extends Schema.Class<MaintenanceAction>("MaintenanceAction")({
  id: MaintenanceActionId,
  machine: MachineRef,
  date: Schema.DateTimeUtc,
  /** The rules it satisfied, by their name at the time (a rule removed since keeps its name here). */
  rules: Schema.Array(Schema.Struct({ id: MaintenanceRuleId, name: Schema.String })),
  readings: Schema.Array(Schema.Struct({ counter: ReadableCounter, value: Schema.Number })),
  comment: Schema.String,
  costCents: Schema.NullOr(Schema.Int),
  parts: Schema.String,
  doneBy: Schema.String,
  author: Schema.NullOr(PersonName),
  createdAt: Schema.DateTimeUtc,
}) {}

/** `POST maintenanceReadings`: the counter on the machine's dashboard read now (or at `date`). */
export const ManualReadingInput = Schema.Struct({
  machine: MachineId,
  counter: ReadableCounter,
  value: decimalBetween(0, maxCounter),
  date: BoundedDateTime("badRequest"),
})
export type ManualReadingInput = typeof ManualReadingInput.Type

export const ruleStatuses = ["ok", "soon", "due", "overdue", "unknown"] as const
export const RuleStatus = Schema.Literal(...ruleStatuses)
export type RuleStatus = typeof RuleStatus.Type

/** Most urgent first: overdue, due, soon, unknown (a counter missing), ok. */
export const urgency: Readonly<Record<RuleStatus, number>> = {
  overdue: 0,
  due: 1,
  soon: 2,
  unknown: 3,
  ok: 4,
}

export interface RuleArithmetic {
  readonly status: RuleStatus
  /** The counter's value at which the rule is (or was) due next; null when the counter is unknown. */
  readonly dueAt: number | null
  /** dueAt − counter (negative once past due). */
  readonly remaining: number | null
}

/**
 * Where a rule stands (docs/maintenance.md): due first at `firstEvent`, then `frequency` after the
 * counter's value at the last action done for it (an action restarts the count, even one done
 * before the first event). "soon" within `soonShare` of the frequency before it is due, "due"
 * from then until `soonShare` of the frequency past it, "overdue" after.
 */
export const ruleArithmetic = (
  rule: { readonly frequency: number; readonly firstEvent: number },
  counter: number | null,
  lastDone: number | null,
  soonShare: number,
): RuleArithmetic => {
  if (counter === null) return { status: "unknown", dueAt: null, remaining: null }
  const dueAt = lastDone === null ? rule.firstEvent : lastDone + rule.frequency
  const remaining = dueAt - counter
  const margin = soonShare * rule.frequency
  const status: RuleStatus =
    remaining > margin
      ? "ok"
      : remaining > 0
        ? "soon"
        : remaining > -margin || margin === 0
          ? "due"
          : "overdue"
  return { status, dueAt, remaining }
}

/** A machine's counter now, and what the boxes recorded over the last 30 days (for estimates). */
export const CounterNow = Schema.Struct({
  counter: MaintenanceCounter,
  /** null: cannot be told (years without a date of issue). */
  value: Schema.NullOr(Schema.Number),
  /** What the last reading said, and when (null: counted from the machine's first box). */
  reading: Schema.NullOr(Schema.Struct({ value: Schema.Number, at: Schema.DateTimeUtc })),
  /** Per day over the last 30 days. */
  perDay: Schema.Number,
})
export type CounterNow = typeof CounterNow.Type

/** One rule on one machine: where it stands, and an estimate of when it comes due. */
export class MachineRuleState extends Schema.Class<MachineRuleState>("MachineRuleState")({
  machine: MachineRef,
  cluster: ClusterRef,
  profile: Schema.Struct({ id: MaintenanceProfileId, name: Schema.String }),
  rule: MaintenanceRule,
  status: RuleStatus,
  counter: Schema.NullOr(Schema.Number),
  dueAt: Schema.NullOr(Schema.Number),
  remaining: Schema.NullOr(Schema.Number),
  /** When the machine's recent use brings it due (null: already due, or no recent use). */
  estimatedAt: Schema.NullOr(Schema.DateTimeUtc),
  lastAction: Schema.NullOr(Schema.Struct({ id: MaintenanceActionId, date: Schema.DateTimeUtc })),
  /** Whether the caller may record an action on the machine (managing it). */
  can: Schema.Struct({ record: Schema.Boolean }),
}) {}

export class MachineMaintenance extends Schema.Class<MachineMaintenance>("MachineMaintenance")({
  machine: MachineRef,
  counters: Schema.Array(CounterNow),
  rules: Schema.Array(MachineRuleState),
  /** Whether the caller may record actions and readings: manageMachine or the machine's management grant. */
  can: Schema.Struct({ manage: Schema.Boolean }),
}) {}

/**
 * When a counter growing `perDay` reaches `remaining` more, from `nowMs`; null when already there
 * or when the machine has not been used lately (no estimate is better than a wrong one).
 */
export const estimateMs = (remaining: number | null, perDay: number, nowMs: number): number | null =>
  remaining === null || remaining <= 0 || perDay <= 0 ? null : nowMs + (remaining / perDay) * 86_400_000

/**
 * An action's form as a person fills it from a rule's alert: the date, a comment, the cost in €
 * (text with a decimal point; an empty cost is checked as 0 and sent as none).
 */
export const ActionForm = Schema.Struct({
  date: BoundedDateTime("required"),
  comment: allowedText(Schema.Trim.pipe(Schema.maxLength(2000, code("textTooLong")))),
  cost: decimalBetween(0, 1_000_000),
})

/**
 * A profile's form as a person fills it on the "Règles d'entretien" tab: the numbers as typed
 * (decimal point), the "soon" share in percent (0 to 50) where the contract has a fraction.
 */
const typed = <A>(number: Schema.Schema<A, string | number>) =>
  Schema.compose(Schema.Trim.pipe(Schema.minLength(1, code("required"))), number, { strict: false })
const RuleForm = Schema.Struct({
  ...MaintenanceRuleInput.fields,
  frequency: typed(MaintenanceRuleInput.fields.frequency),
  firstEvent: typed(MaintenanceRuleInput.fields.firstEvent),
})
export const ProfileForm = Schema.Struct({
  ...MaintenanceProfileInput.fields,
  rules: Schema.Array(RuleForm).pipe(Schema.maxItems(100)),
  soonShare: typed(decimalBetween(0, 50)),
})
export type ProfileForm = typeof ProfileForm.Type

/** What the form sends as the contract's profile (the share as a fraction, to the hundredth of a percent). */
export const profileInputOf = (form: ProfileForm): MaintenanceProfileInput => ({
  ...form,
  soonShare: Math.round(form.soonShare * 100) / 10_000,
})

/** A counter read on the machine, as typed on the "Machines" tab: the counter, its value, when. */
export const ReadingForm = Schema.Struct({
  counter: ReadableCounter,
  value: typed(decimalBetween(0, maxCounter)),
  date: BoundedDateTime("required"),
})
