/**
 * Adding a machine (POST /machines) or editing one (PATCH /machines/{id} { editMachine }).
 *
 * Input: { machine, cluster } — machine null to add one; cluster: the structure chosen first
 * (the machine's own when editing; null when the person may create in none).
 * Events the view sends:
 * - `machineForm.pickCluster` { cluster }: another structure (adding only); its members load
 *   for the owner list.
 * - `machineForm.save` { values }: the typed values (numbers as text, SPEC §5 decimal point);
 *   `values.settings` null leaves the advanced parameters out (editing without manageMachine).
 *   Field errors land in `context.errors` keyed by path ('toolWidthMeters': 'decimalComma',
 *   'settings.minPauseMinutes': 'invalidNumber', 'type': 'selectionUnknown', 'name': 'required').
 * - `machineForm.retry`: reload the catalogue after a failure.
 * Read: `loadFailed`, `{ editing: 'saved' }` (`context.machine` is the server's answer),
 * `{ editing: 'failed' }` (`context.error`), `context.brands`, `context.categories`,
 * `context.members` (null while loading), the tag `busy`.
 */
import { Schema } from "effect"
import { assign, fromPromise, setup } from "xstate"
import type { Brand, MachineCategory } from "../../schema/catalogue"
import { Decimal } from "../../schema/decimal"
import type { ClusterId, MachineId } from "../../schema/ids"
import {
  type BillingUnit,
  type Machine,
  MachineEdit,
  MachineInput,
  type MachineSettings,
} from "../../schema/machine"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { errorCode, type FieldErrors, validate } from "../lib/form"

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
  readonly maintenance: {
    readonly dateOfIssue: string
    readonly totalDistanceKm: string
    readonly workingHours: string
    readonly engineHours: string
    readonly engineHoursMeasuredAt: string
  }
  readonly settings: SettingsValues | null
}

export type MachineFormEvent =
  | { type: "machineForm.pickCluster"; cluster: ClusterId }
  | { type: "machineForm.save"; values: MachineFormValues }
  | { type: "machineForm.retry" }

export type MachineSave =
  | { readonly id: null; readonly input: MachineInput }
  | { readonly id: MachineId; readonly input: MachineEdit }

export interface Catalogue {
  readonly brands: ReadonlyArray<Brand>
  readonly categories: ReadonlyArray<MachineCategory>
}

export interface MachineFormContext extends Catalogue {
  readonly machine: Machine | null
  readonly cluster: ClusterId | null
  readonly members: ReadonlyArray<Member> | null
  readonly save: MachineSave | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
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
  context: Pick<MachineFormContext, "machine" | "cluster" | "categories">,
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
    ...(settings === undefined ? {} : { settings }),
  }
  if (fields.billing !== null && fields.billing.rate === "") errors["billing.rate"] = "required"
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

const rejectUnbound = () => Promise.reject(new Error("bound in machineForm.actors.ts"))
const errorParams = ({ event }: { event: { error: unknown } }) => event.error

const saveTransitions = [
  {
    description: "Valid form: send it.",
    guard: "isFormValid",
    target: "#machineForm.editing.saving",
    actions: "assignSave",
  },
  { description: "Invalid fields: show their messages.", actions: "assignFieldErrors" },
] as const
const pickTransition = {
  description: "Another structure: its members load for the owner list.",
  guard: "isAdding",
  target: "#machineForm.editing",
  reenter: true,
  actions: "assignCluster",
} as const

export const machineFormMachine = setup({
  types: {
    context: {} as MachineFormContext,
    events: {} as MachineFormEvent,
    input: {} as { machine: Machine | null; cluster: ClusterId | null },
  },
  actors: {
    loadCatalogue: fromPromise<Catalogue>(rejectUnbound),
    loadMembers: fromPromise<ReadonlyArray<Member>, ClusterId | null>(rejectUnbound),
    saveMachine: fromPromise<Machine, MachineSave>(rejectUnbound),
  },
  guards: {
    isFormValid: ({ context, event }) =>
      event.type === "machineForm.save" && "save" in toSave(event.values, context),
    isAdding: ({ context }) => context.machine === null,
  },
  actions: {
    assignCatalogue: assign((_, catalogue: Catalogue) => ({ ...catalogue, error: null })),
    assignMembers: assign((_, members: ReadonlyArray<Member>) => ({ members })),
    assignCluster: assign(({ event }) =>
      event.type === "machineForm.pickCluster" ? { cluster: event.cluster, members: null } : {},
    ),
    assignSave: assign(({ context, event }) => {
      const result = event.type === "machineForm.save" ? toSave(event.values, context) : null
      return result !== null && "save" in result ? { save: result.save, errors: {}, error: null } : {}
    }),
    assignFieldErrors: assign(({ context, event }) => {
      const result = event.type === "machineForm.save" ? toSave(event.values, context) : null
      return { errors: result !== null && "errors" in result ? result.errors : {} }
    }),
    assignMachine: assign((_, machine: Machine) => ({ machine })),
    assignError: assign((_, error: unknown) => ({ error: errorCode(error) })),
  },
}).createMachine({
  id: "machineForm",
  description: "A machine's information and advanced parameters: added to a structure, or edited.",
  context: ({ input }) => ({
    machine: input.machine,
    cluster: input.cluster,
    brands: [],
    categories: [],
    members: null,
    save: null,
    errors: {},
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Loading the brands and the categories with their types.",
      tags: ["busy"],
      invoke: {
        id: "loadCatalogue",
        src: "loadCatalogue",
        onDone: {
          description: "The choices arrived: show the form.",
          target: "editing",
          actions: { type: "assignCatalogue", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable: the message shows.",
          target: "loadFailed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    loadFailed: {
      description: "The choices could not be loaded.",
      on: { "machineForm.retry": { description: "Try again.", target: "loading" } },
    },
    editing: {
      description: "The form is shown; the chosen structure's members load for the owner list.",
      invoke: {
        id: "loadMembers",
        src: "loadMembers",
        input: ({ context }) => context.cluster,
        onDone: {
          description: "The members arrived.",
          actions: { type: "assignMembers", params: ({ event }) => event.output },
        },
        onError: {
          description: "Members unreadable: the owner list stays empty.",
          actions: { type: "assignMembers", params: () => [] },
        },
      },
      initial: "idle",
      states: {
        idle: {
          description: "Typing.",
          on: { "machineForm.save": [...saveTransitions], "machineForm.pickCluster": pickTransition },
        },
        saving: {
          description: "Sending the machine.",
          tags: ["busy"],
          invoke: {
            id: "saveMachine",
            src: "saveMachine",
            input: ({ context }) => context.save as MachineSave,
            onDone: {
              description: "Saved: the answer is the machine as the server holds it.",
              target: "saved",
              actions: { type: "assignMachine", params: ({ event }) => event.output },
            },
            onError: {
              description: "Refused or unreachable: the message shows, the typed values stay.",
              target: "failed",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
        saved: {
          description: "Saved: the view opens the machine.",
          on: { "machineForm.save": [...saveTransitions] },
        },
        failed: {
          description: "Not saved: the form keeps the typed values.",
          on: { "machineForm.save": [...saveTransitions], "machineForm.pickCluster": pickTransition },
        },
      },
    },
  },
})
