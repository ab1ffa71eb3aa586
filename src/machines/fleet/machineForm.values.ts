import { Schema } from "effect"
import type { Brand, MachineCategory } from "../../schema/catalogue"
import { Decimal } from "../../schema/decimal"
import type { ClusterId, MachineId } from "../../schema/ids"
import {
  type BillingUnit,
  type ConsumptionUnit,
  type Machine,
  MachineEdit,
  MachineInput,
  type MachineSettings,
} from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import { type FieldErrors, validate } from "../lib/form"

/** The numeric advanced parameters, typed as text. */
export const numericSettings = [
  "minutesBetweenWorks",
  "secondsMaxFieldFusion",
  "fieldWorkMinDurationMinutes",
  "minPauseMinutes",
  "maxGpsAccuracyErrorMeters",
  "minWorkPercentOnField",
  "dieselConsumptionCorrectionPercent",
  "minActivityDurationMinutes",
] as const
export type NumericSetting = (typeof numericSettings)[number]

export type SettingsValues = Record<NumericSetting, string> &
  Pick<MachineSettings, "minVibration" | "timeLimitation" | "ignoreUnknownFields" | "priority">

/** What the form holds: every number as typed text, "" for nothing chosen. */
export interface MachineFormValues {
  readonly name: string
  readonly brand: string
  readonly model: string
  readonly category: string
  readonly type: string
  readonly toolWidthMeters: string
  readonly maxWorkingSpeedKmh: string
  readonly canPresent: boolean
  readonly canType: string
  readonly owner: string
  readonly billingUnit: "" | typeof BillingUnit.Type
  readonly billingRate: string
  /** The reference consumption (an advanced parameter: sent only with `settings`); "" for none. */
  readonly consumptionUnit: "" | ConsumptionUnit
  readonly consumptionRate: string
  readonly maintenance: {
    readonly dateOfIssue: string
    readonly totalDistanceKm: string
    readonly workingHours: string
    readonly engineHours: string
    readonly engineHoursMeasuredAt: string
  }
  readonly settings: SettingsValues | null
}

export type MachineSave =
  | { readonly id: null; readonly input: MachineInput }
  | { readonly id: MachineId; readonly input: MachineEdit }

export interface Catalogue {
  readonly brands: ReadonlyArray<Brand>
  readonly categories: ReadonlyArray<MachineCategory>
}

const orNull = (text: string): string | null => (text.trim() === "" ? null : text.trim())
/** A date input's "2024-03-01" as the contract's UTC instant. */
const dateOrNull = (text: string): string | null => (text === "" ? null : `${text}T00:00:00.000Z`)

/** A setting typed as text: a point decimal (the diesel correction may be negative). */
const settingNumber = (key: NumericSetting, text: string): number | MessageCode => {
  const trimmed = text.trim()
  if (trimmed === "") return "required"
  const negative = key === "dieselConsumptionCorrectionPercent" && trimmed.startsWith("-")
  const decoded = Schema.decodeUnknownEither(Decimal)(negative ? trimmed.slice(1) : trimmed)
  if (decoded._tag === "Right") return negative ? -decoded.right : decoded.right
  return /^-?\d+,\d+$/.test(trimmed) ? "decimalComma" : "invalidNumber"
}

/**
 * The typed values as the contract's payload, or every field's problem at once (SPEC §5; the
 * type must belong to the chosen category).
 */
export const toSave = (
  values: MachineFormValues,
  context: {
    readonly machine: Machine | null
    readonly cluster: ClusterId | null
    readonly categories: ReadonlyArray<MachineCategory>
  },
): { readonly save: MachineSave } | { readonly errors: FieldErrors } => {
  const errors: Record<string, MessageCode> = {}
  let settings: Partial<MachineSettings> | undefined
  if (values.settings !== null) {
    const typed = values.settings
    const numbers: Partial<Record<NumericSetting, number>> = {}
    for (const key of numericSettings) {
      const n = settingNumber(key, typed[key])
      if (typeof n === "number") numbers[key] = n
      else errors[`settings.${key}`] = n
    }
    settings = {
      ...numbers,
      minVibration: typed.minVibration,
      timeLimitation: typed.timeLimitation,
      ignoreUnknownFields: typed.ignoreUnknownFields,
      priority: typed.priority,
    }
  }
  const category = context.categories.find((c) => c.id === values.category)
  if (values.type !== "" && !(category?.types.some((t) => t.id === values.type) ?? false))
    errors.type = "selectionUnknown"
  const fields = {
    name: values.name,
    brand: orNull(values.brand),
    model: orNull(values.model),
    category: orNull(values.category),
    type: orNull(values.type),
    toolWidthMeters: orNull(values.toolWidthMeters),
    maxWorkingSpeedKmh: orNull(values.maxWorkingSpeedKmh),
    canPresent: values.canPresent,
    canType: values.canPresent ? orNull(values.canType) : null,
    owner: orNull(values.owner),
    billing: values.billingUnit === "" ? null : { unit: values.billingUnit, rate: values.billingRate.trim() },
    maintenance: {
      dateOfIssue: dateOrNull(values.maintenance.dateOfIssue),
      totalDistanceKm: orNull(values.maintenance.totalDistanceKm),
      workingHours: orNull(values.maintenance.workingHours),
      engineHours: orNull(values.maintenance.engineHours),
      engineHoursMeasuredAt: dateOrNull(values.maintenance.engineHoursMeasuredAt),
    },
    ...(settings === undefined
      ? {}
      : {
          settings,
          consumption:
            values.consumptionUnit === ""
              ? null
              : { unit: values.consumptionUnit, rate: values.consumptionRate.trim() },
        }),
  }
  if (fields.billing !== null && fields.billing.rate === "") errors["billing.rate"] = "required"
  if (fields.consumption != null && fields.consumption.rate === "") errors["consumption.rate"] = "required"
  const decoded =
    context.machine === null
      ? validate(MachineInput, { cluster: context.cluster ?? "", ...fields })
      : validate(MachineEdit, fields)
  if (!decoded.ok)
    for (const [path, code] of Object.entries(decoded.errors))
      if (code !== undefined) errors[path] ??= code === "badRequest" && path === "cluster" ? "required" : code
  if (Object.keys(errors).length > 0 || !decoded.ok) return { errors }
  return {
    save:
      context.machine === null
        ? { id: null, input: decoded.value as MachineInput }
        : { id: context.machine.id, input: decoded.value as MachineEdit },
  }
}
