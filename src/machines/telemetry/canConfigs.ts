/**
 * How a machine's CAN values read (docs/canbus.md): every value the catalogue knows, the machine's
 * boxes sent or a person set, with its labels, unit, scale, offset and whether the dashboard
 * charts it; whoever manages the machine changes one (a form per value) or takes it back to the
 * catalogue's reading.
 *
 * Events the view sends:
 * - `can.open` { machine, lang }: read another machine's settings, or the same in another language
 *   (the catalogue's units are given in it); from any state, what was pending is dropped.
 * - `can.retry`: load again after a failure.
 * - `can.edit` { name } / `can.cancel`: open and close a value's form.
 * - `can.save` { name, values }: a value's form as typed (numbers as text, SPEC §5 decimal point); a
 *   field's problem lands in `context.errors` ('scale': 'decimalComma') and nothing is sent.
 * - `can.reset` { name }: back to the catalogue's reading.
 * Read: `idle` (no machine yet), `loading`, `ready`, `saving`, `removing`, `failed`;
 * `context.configs`, `context.editing` (the open form's value), `context.errors`, `context.error`
 * (a refusal), `context.saved` / `context.removed` (the last success); the tag `busy`.
 */
import { type ActorRefFrom, assign, setup } from "xstate"
import { CanConfigForm, type CanConfigInput, type CanConfigs } from "../../schema/canbus"
import type { MachineId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import type { Locale } from "../../schema/user"
import { type FieldErrors, validate } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

/** A value's form as typed. */
export interface CanConfigValues {
  readonly labels: { readonly fr: string; readonly en: string; readonly pl: string; readonly de: string }
  readonly unit: string
  readonly scale: string
  readonly offset: string
  readonly chart: boolean
}

export interface CanConfigsAsk {
  readonly machine: MachineId
  readonly lang: Locale
}

export type CanConfigsEvent =
  | ({ type: "can.open" } & CanConfigsAsk)
  | { type: "can.retry" }
  | { type: "can.edit"; name: string }
  | { type: "can.cancel" }
  | { type: "can.save"; name: string; values: CanConfigValues }
  | { type: "can.reset"; name: string }

export interface CanConfigsContext {
  readonly ask: CanConfigsAsk | null
  readonly configs: CanConfigs | null
  readonly editing: string | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
  readonly saved: string | null
  readonly removed: string | null
}

/** What the save call is given: the machine, the value and its reading, decoded. */
export interface CanConfigSave extends CanConfigsAsk {
  readonly name: string
  readonly config: CanConfigInput
}

const cleared = { errors: {}, error: null, saved: null, removed: null }

const decoded = (values: CanConfigValues) => validate(CanConfigForm, values)

export const canConfigsMachine = setup({
  types: {
    context: {} as CanConfigsContext,
    events: {} as CanConfigsEvent,
  },
  actors: {
    loadConfigs: unbound<CanConfigs, CanConfigsAsk>(),
    saveConfig: unbound<CanConfigs, CanConfigSave>(),
    resetConfig: unbound<CanConfigs, CanConfigsAsk & { readonly name: string }>(),
  },
  guards: {
    valid: ({ event }) => event.type === "can.save" && decoded(event.values).ok,
  },
  actions: {
    assignConfigs: assign((_, configs: CanConfigs) => ({ configs })),
    assignError: assignError<CanConfigsContext, CanConfigsEvent>(),
  },
}).createMachine({
  id: "canConfigs",
  description: "How a machine's CAN values read, and their settings for whoever manages it.",
  context: { ask: null, configs: null, editing: null, ...cleared },
  initial: "idle",
  states: {
    idle: { description: "No machine picked yet." },
    loading: {
      description: "Reading how the machine's values read.",
      tags: ["busy"],
      invoke: {
        id: "loadConfigs",
        src: "loadConfigs",
        input: ({ context }) => context.ask as CanConfigsAsk,
        onDone: {
          description: "Every value, with its reading and where it comes from.",
          target: "ready",
          actions: { type: "assignConfigs", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (a machine no longer seen) or unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The settings could not be read: the message, and a retry.",
      on: { "can.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "Every value is listed; a form may be open.",
      on: {
        "can.edit": {
          description: "Open a value's form.",
          actions: assign(({ event }) => ({ editing: event.name, ...cleared })),
        },
        "can.cancel": {
          description: "Close the form, nothing saved.",
          actions: assign({ editing: null, errors: {}, error: null }),
        },
        "can.save": [
          {
            description: "The form reads right: send it.",
            guard: "valid",
            target: "saving",
            actions: assign(({ event }) => ({ editing: event.name, ...cleared })),
          },
          {
            description: "A field is wrong: say which, send nothing.",
            actions: assign(({ event }) => {
              const result = decoded(event.values)
              return { editing: event.name, ...cleared, errors: result.ok ? {} : result.errors }
            }),
          },
        ],
        "can.reset": {
          description: "Back to the catalogue's reading.",
          target: "removing",
          actions: assign(({ event }) => ({ editing: event.name, ...cleared })),
        },
      },
    },
    saving: {
      description: "Saving a value's reading.",
      tags: ["busy"],
      invoke: {
        id: "saveConfig",
        src: "saveConfig",
        input: ({ context, event }) => {
          const { name, values } = event as Extract<CanConfigsEvent, { type: "can.save" }>
          const result = decoded(values)
          return {
            ...(context.ask as CanConfigsAsk),
            name,
            config: (result.ok ? result.value : values) as CanConfigInput,
          }
        },
        onDone: {
          description: "Saved: the form closes and the list shows the new reading.",
          target: "ready",
          actions: [
            { type: "assignConfigs", params: ({ event }) => event.output },
            assign(({ context }) => ({ saved: context.editing, editing: null })),
          ],
        },
        onError: {
          description: "Refused (the right withdrawn, a value out of range) or unreachable: the form stays.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    removing: {
      description: "Taking a value back to the catalogue's reading.",
      tags: ["busy"],
      invoke: {
        id: "resetConfig",
        src: "resetConfig",
        input: ({ context }) => ({ ...(context.ask as CanConfigsAsk), name: context.editing ?? "" }),
        onDone: {
          description: "Done: the list shows the catalogue's reading.",
          target: "ready",
          actions: [
            { type: "assignConfigs", params: ({ event }) => event.output },
            assign(({ context }) => ({ removed: context.editing, editing: null })),
          ],
        },
        onError: {
          description: "Refused or unreachable: the setting stays.",
          target: "ready",
          actions: [{ type: "assignError", params: errorParams }, assign({ editing: null })],
        },
      },
    },
  },
  on: {
    "can.open": {
      description: "Another machine, or another language: read again, dropping what was pending.",
      target: ".loading",
      reenter: true,
      actions: assign(({ event }) => ({
        ask: { machine: event.machine, lang: event.lang },
        configs: null,
        editing: null,
        ...cleared,
      })),
    },
  },
})

export type CanConfigsMachine = typeof canConfigsMachine
export type CanConfigsActor = ActorRefFrom<CanConfigsMachine>
