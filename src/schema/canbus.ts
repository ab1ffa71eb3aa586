import { Schema } from "effect"
import { SignedDecimal } from "./decimal"
import { MachineId } from "./ids"
import type { MessageCode } from "./messages"
import { Limit, Page } from "./telemetryReads"

/**
 * CAN bus values (docs/canbus.md): how each raw named value a box sends reads — its label in the
 * four languages, unit, scale and offset (shown = raw × scale + offset), and whether the dashboard
 * offers it as a curve — and the raw values themselves, per reading.
 */

const code = (c: MessageCode) => ({ message: () => c })

/** A CAN value's name as boxes send it. */
export const CanName = Schema.String.pipe(Schema.pattern(/^[A-Za-z0-9_]{1,64}$/, code("badRequest")))

const Label = Schema.String.pipe(Schema.maxLength(60, code("outOfRange")))

/** How a value reads: a person's settings for the machine, or the catalogue's. */
export const CanConfigInput = Schema.Struct({
  labels: Schema.Struct({ fr: Label, en: Label, pl: Label, de: Label }),
  unit: Schema.String.pipe(Schema.maxLength(16, code("outOfRange"))),
  scale: Schema.Number.pipe(
    Schema.finite(code("badRequest")),
    Schema.filter((v) => v !== 0 || "outOfRange"),
  ),
  offset: Schema.Number.pipe(Schema.finite(code("badRequest"))),
  chart: Schema.Boolean,
})
export type CanConfigInput = typeof CanConfigInput.Type

/**
 * The same as typed in the settings form: scale and offset as text with a decimal point (SPEC §5;
 * "0,1" is `decimalComma`), a scale of 0 `outOfRange`, like the server.
 */
export const CanConfigForm = Schema.Struct({
  ...CanConfigInput.fields,
  scale: SignedDecimal.pipe(Schema.filter((v) => v !== 0 || "outOfRange")),
  offset: SignedDecimal,
})

export class CanConfig extends Schema.Class<CanConfig>("CanConfig")({
  name: Schema.String,
  ...CanConfigInput.fields,
  /** `machine`: set for this machine; `catalogue`: Sillon's; `raw`: neither (the name as sent). */
  source: Schema.Literal("machine", "catalogue", "raw"),
  /** Whether the machine's boxes sent it over the last 30 days. */
  seen: Schema.Boolean,
}) {}

export class CanConfigs extends Schema.Class<CanConfigs>("CanConfigs")({
  machine: MachineId,
  /** Whether the caller may change them (manages the machine). */
  canEdit: Schema.Boolean,
  configs: Schema.Array(CanConfig),
}) {}

/** `GET canbus_raw/{machine}`: a UTC period of at most 31 days, paged. */
export const CanbusRawQuery = Schema.Struct({
  startDate: Schema.DateTimeUtc,
  endDate: Schema.DateTimeUtc,
  page: Page,
  limit: Limit,
}).pipe(
  Schema.filter(
    (q) =>
      (q.startDate.epochMillis < q.endDate.epochMillis &&
        q.endDate.epochMillis - q.startDate.epochMillis <= canbusMaxDays * 86_400_000) || {
        path: ["endDate"],
        message: "endBeforeStart",
      },
  ),
)
export type CanbusRawQuery = typeof CanbusRawQuery.Type

/** The longest period one read or export of raw CAN values covers. */
export const canbusMaxDays = 31

export const CanbusRawRow = Schema.Struct({
  at: Schema.DateTimeUtc,
  /** The box that sent it. */
  counter: Schema.String,
  values: Schema.Record({ key: Schema.String, value: Schema.Number }),
})

/** A page of the machine's readings that carried CAN values, oldest first, and every name in the period. */
export class CanbusRawPage extends Schema.Class<CanbusRawPage>("CanbusRawPage")({
  machine: MachineId,
  names: Schema.Array(Schema.String),
  total: Schema.Number,
  page: Schema.Number,
  limit: Schema.Number,
  rows: Schema.Array(CanbusRawRow),
}) {}
