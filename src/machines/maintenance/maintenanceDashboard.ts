/**
 * The maintenance dashboard (docs/maintenance.md): every rule of every machine the person sees,
 * most urgent first; from a rule, whoever manages its machine records the maintenance done (two
 * taps on a phone: the rule's button, then "Enregistrer").
 *
 * Events the view sends:
 * - `maintenance.retry`: load again after a failure.
 * - `maintenance.record` { machine, rule }: open the form for that rule of that machine.
 * - `maintenance.cancel`: close it.
 * - `maintenance.save` { id, machine, rule, values }: the form of that rule as typed (`date` ISO or "", `comment`, `cost` in €
 *   as text, SPEC §5 decimal point); a field's problem lands in `context.errors` and nothing is
 *   sent. `id` is the action's (the view keeps it while the same form is sent again).
 * Read: `loading`, `ready`, `saving`, `failed`; `context.states`, `context.recording`,
 * `context.errors`, `context.error` (a refusal), `context.saved` (the rule last recorded); the tag
 * `busy`.
 */
import { type ActorRefFrom, assign, setup } from "xstate"
import type { MachineId, MaintenanceActionId, MaintenanceRuleId } from "../../schema/ids"
import { ActionForm, type MachineRuleState } from "../../schema/maintenance"
import type { MessageCode } from "../../schema/messages"
import { type FieldErrors, validate } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

/** The action's form as typed. */
export interface ActionValues {
  readonly date: string
  readonly comment: string
  readonly cost: string
}

/** Which rule of which machine the open form records. */
export interface Recording {
  readonly machine: MachineId
  readonly rule: MaintenanceRuleId
}

export type MaintenanceDashboardEvent =
  | { type: "maintenance.retry" }
  | ({ type: "maintenance.record" } & Recording)
  | { type: "maintenance.cancel" }
  | ({ type: "maintenance.save"; id: MaintenanceActionId; values: ActionValues } & Recording)

export interface MaintenanceDashboardContext {
  readonly states: ReadonlyArray<MachineRuleState> | null
  readonly recording: Recording | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
  readonly saved: MaintenanceRuleId | null
}

/** What the record call is given: the action, decoded (the cost in cents). */
export interface ActionSave extends Recording {
  readonly id: MaintenanceActionId
  readonly date: string
  readonly comment: string
  readonly costCents: number | null
}

const decoded = (values: ActionValues) =>
  validate(ActionForm, { ...values, cost: values.cost.trim() === "" ? "0" : values.cost })
const cleared = { errors: {}, error: null, saved: null }

/** The form's values as the call sends them. */
export const actionSave = (
  recording: Recording,
  id: MaintenanceActionId,
  values: ActionValues,
): ActionSave => ({
  ...recording,
  id,
  date: new Date(values.date).toISOString(),
  comment: values.comment.trim(),
  costCents: values.cost.trim() === "" ? null : Math.round(Number(values.cost.trim()) * 100),
})

export const maintenanceDashboardMachine = setup({
  types: {
    context: {} as MaintenanceDashboardContext,
    events: {} as MaintenanceDashboardEvent,
  },
  actors: {
    loadStates: unbound<ReadonlyArray<MachineRuleState>, void>(),
    recordAction: unbound<ReadonlyArray<MachineRuleState>, ActionSave>(),
  },
  guards: {
    valid: ({ event }) => event.type === "maintenance.save" && decoded(event.values).ok,
  },
  actions: {
    assignStates: assign((_, states: ReadonlyArray<MachineRuleState>) => ({ states })),
    assignError: assignError<MaintenanceDashboardContext, MaintenanceDashboardEvent>(),
  },
}).createMachine({
  id: "maintenanceDashboard",
  description: "Every rule of every machine seen, most urgent first; recording what was done.",
  context: { states: null, recording: null, ...cleared },
  initial: "loading",
  states: {
    loading: {
      description: "Reading where every rule stands.",
      tags: ["busy"],
      invoke: {
        id: "loadStates",
        src: "loadStates",
        onDone: {
          description: "Every rule, most urgent first.",
          target: "ready",
          actions: { type: "assignStates", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "Nothing could be read: the message, and a retry.",
      on: { "maintenance.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The rules are listed; a rule's form may be open.",
      on: {
        "maintenance.record": {
          description: "Open the form for a rule of a machine.",
          actions: assign(({ event }) => ({
            recording: { machine: event.machine, rule: event.rule },
            ...cleared,
          })),
        },
        "maintenance.cancel": {
          description: "Close the form, nothing recorded.",
          actions: assign({ recording: null, errors: {}, error: null }),
        },
        "maintenance.save": [
          {
            description: "The form reads right: record it.",
            guard: "valid",
            target: "saving",
            actions: assign(({ event }) => ({
              recording: { machine: event.machine, rule: event.rule },
              ...cleared,
            })),
          },
          {
            description: "A field is wrong: say which, send nothing.",
            actions: assign(({ event }) => {
              const result = decoded(event.values)
              return {
                recording: { machine: event.machine, rule: event.rule },
                ...cleared,
                errors: result.ok ? {} : result.errors,
              }
            }),
          },
        ],
      },
    },
    saving: {
      description: "Recording the action, then reading the rules again.",
      tags: ["busy"],
      invoke: {
        id: "recordAction",
        src: "recordAction",
        input: ({ event }) => {
          const { id, values, machine, rule } = event as Extract<
            MaintenanceDashboardEvent,
            { type: "maintenance.save" }
          >
          return actionSave({ machine, rule }, id, values)
        },
        onDone: {
          description: "Recorded: the form closes, the rule shows its next due.",
          target: "ready",
          actions: [
            { type: "assignStates", params: ({ event }) => event.output },
            assign(({ context }) => ({ saved: context.recording?.rule ?? null, recording: null })),
          ],
        },
        onError: {
          description: "Refused (a date to come, the right withdrawn) or unreachable: the form stays.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})

export type MaintenanceDashboardMachine = typeof maintenanceDashboardMachine
export type MaintenanceDashboardActor = ActorRefFrom<MaintenanceDashboardMachine>
