/**
 * Creating a structure (POST /clusters) or editing its information (PATCH /clusters/{id}).
 *
 * Input: { cluster } — null to create one, else the structure being edited.
 * Events the view sends:
 * - `clusterForm.save` { values }: the form's values (name, type, kind, vatNumber, description,
 *   address { street, complement, postalCode, city, country }); validated here with the
 *   contract (the kind must belong to the type), field errors land in `context.errors` keyed by
 *   path ('address.city': 'required', 'kind': 'invalidKind').
 * Read: `saved` (`context.cluster` is the server's answer), `failed` (`context.error` holds the
 * message code), the tag `busy`.
 * Named actions the view provides, once saved: `notifySaved`, `handOverSaved` { cluster }.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { type Cluster, ClusterInput, ClusterKind, ClusterType, isKindOf } from "../../schema/cluster"
import type { ClusterId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type ClusterFormValues = typeof ClusterInput.Encoded
export type ClusterFormEvent = { type: "clusterForm.save"; values: ClusterFormValues }

/** What the save call gets: the structure's id when editing (null: create) and the decoded form. */
export interface ClusterSave {
  readonly id: ClusterId | null
  readonly input: ClusterInput
}

export interface ClusterFormContext {
  readonly cluster: Cluster | null
  readonly input: ClusterInput | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
}

/** Every field's problem at once: the contract checks the kind only once the rest decodes. */
const fieldErrorsOf = (values: ClusterFormValues): FieldErrors => {
  const errors = errorsOf(ClusterInput, values)
  const kindFits =
    Schema.is(ClusterType)(values.type) &&
    Schema.is(ClusterKind)(values.kind) &&
    isKindOf(values.type, values.kind)
  return kindFits || errors.kind !== undefined ? errors : { ...errors, kind: "invalidKind" }
}

const saveTransitions = [
  { description: "Valid form: save it.", guard: "isFormValid", target: "saving", actions: "assignInput" },
  { description: "Invalid fields: show their messages.", actions: "assignFieldErrors" },
] as const

export const clusterFormMachine = setup({
  types: {
    context: {} as ClusterFormContext,
    events: {} as ClusterFormEvent,
    input: {} as { cluster: Cluster | null },
  },
  actors: {
    saveCluster: unbound<Cluster, ClusterSave>(),
  },
  guards: {
    isFormValid: ({ event }) => isValid(ClusterInput, event.values),
  },
  actions: {
    assignInput: assign({
      input: ({ event }) => Schema.decodeUnknownSync(ClusterInput)(event.values),
      errors: {},
      error: null,
    }),
    assignFieldErrors: assign({ errors: ({ event }) => fieldErrorsOf(event.values) }),
    assignCluster: assign((_, cluster: Cluster) => ({ cluster })),
    /** Provided by the view: a notification says the structure is created or saved. */
    notifySaved: () => {},
    /** Provided by the view: the saved structure goes on (the menu, the page; a new one opens). */
    handOverSaved: (_, _cluster: Cluster) => {},
    assignError: assignError(),
  },
}).createMachine({
  id: "clusterForm",
  description: "A structure's information: created, or edited by a member holding editCluster.",
  context: ({ input }) => ({ cluster: input.cluster, input: null, errors: {}, error: null }),
  initial: "editing",
  states: {
    editing: {
      description: "The form shows the structure (empty for a new one).",
      on: { "clusterForm.save": [...saveTransitions] },
    },
    saving: {
      description: "Sending the structure.",
      tags: ["busy"],
      invoke: {
        id: "saveCluster",
        src: "saveCluster",
        input: ({ context }) => ({ id: context.cluster?.id ?? null, input: context.input as ClusterInput }),
        onDone: {
          description: "Saved: the answer is the structure as the server holds it.",
          target: "saved",
          actions: [
            { type: "assignCluster", params: ({ event }) => event.output },
            "notifySaved",
            { type: "handOverSaved", params: ({ event }) => event.output },
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
      description: "Saved: the view opens the new structure or says the edit is saved.",
      on: { "clusterForm.save": [...saveTransitions] },
    },
    failed: {
      description: "Not saved: the form keeps the typed values.",
      on: { "clusterForm.save": [...saveTransitions] },
    },
  },
})
