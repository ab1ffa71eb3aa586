// Size: one chart of 7 states and 15 described transitions: one configuration, kept whole.
// Its values and checks are in machineForm.values.ts.
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
 * Named actions the view provides, once saved: `notifySaved`, `navigateToSaved` { machine }.
 */
import { assign, setup } from "xstate"
import type { ClusterId } from "../../schema/ids"
import type { Machine } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import type { FieldErrors } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"
import { type Catalogue, type MachineFormValues, type MachineSave, toSave } from "./machineForm.values"

export * from "./machineForm.values"

export type MachineFormEvent =
  | { type: "machineForm.pickCluster"; cluster: ClusterId }
  | { type: "machineForm.save"; values: MachineFormValues }
  | { type: "machineForm.retry" }

export interface MachineFormContext extends Catalogue {
  readonly machine: Machine | null
  readonly cluster: ClusterId | null
  readonly members: ReadonlyArray<Member> | null
  readonly save: MachineSave | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
}

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
    loadCatalogue: unbound<Catalogue>(),
    loadMembers: unbound<ReadonlyArray<Member>, ClusterId | null>(),
    saveMachine: unbound<Machine, MachineSave>(),
  },
  guards: {
    isFormValid: ({ context, event }) =>
      event.type === "machineForm.save" && "save" in toSave(event.values, context),
    isAdding: ({ context }) => context.machine === null,
  },
  actions: {
    /** Provided by the view: a notification says the machine is added or saved. */
    notifySaved: (_, _machine: Machine) => {},
    /** Provided by the view: the saved machine opens (its page, or the page that opened the form). */
    navigateToSaved: (_, _machine: Machine) => {},
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
    assignError: assignError(),
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
              actions: [
                { type: "assignMachine", params: ({ event }) => event.output },
                { type: "notifySaved", params: ({ event }) => event.output },
                { type: "navigateToSaved", params: ({ event }) => event.output },
              ],
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
