/**
 * One field's page (SPEC §2 fields/{idField}): its facts — outline, area, owner and since when,
 * PAC identity, the owners before — loaded once the page opens (GET /fields/{id}).
 *
 * Events the view sends:
 * - `fieldPage.retry`: load again after a failure.
 * - `fieldPage.askDelete`, then `fieldPage.delete` or `fieldPage.cancelDelete`: delete the field
 *   (when it says the person may), after a confirmation.
 * Read: `ready` with `context.detail`, `failed` (`context.error`: `notFound` when the field is gone
 * or not the person's to see), `deleted` once gone, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { FieldDetail } from "../../schema/field"
import type { FieldId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"

export type FieldPageEvent =
  | { type: "fieldPage.retry" }
  | { type: "fieldPage.askDelete" }
  | { type: "fieldPage.cancelDelete" }
  | { type: "fieldPage.delete" }

export interface FieldPageContext {
  readonly id: FieldId
  readonly detail: FieldDetail | null
  readonly error: MessageCode | null
}

const load = firstLoad({
  src: "loadField",
  assign: "assignDetail",
  retry: "fieldPage.retry",
  loading: "Asking the server for the field.",
  done: "The field arrived.",
  failed: "The field could not be loaded (gone, not the person's to see, or unreachable).",
})

export const fieldPageMachine = setup({
  types: { context: {} as FieldPageContext, events: {} as FieldPageEvent, input: {} as { id: FieldId } },
  actors: { loadField: unbound<FieldDetail, FieldId>(), deleteField: unbound<void, FieldId>() },
  actions: {
    assignDetail: assign((_, detail: FieldDetail) => ({ detail, error: null })),
    assignError: assignError(),
    clearError: assign({ error: null }),
  },
  guards: { mayDelete: ({ context }) => context.detail?.field.can.delete === true },
}).createMachine({
  id: "fieldPage",
  description: "A field's facts, loaded when its page opens.",
  context: ({ input }) => ({ id: input.id, detail: null, error: null }),
  initial: "loading",
  states: {
    ...load,
    loading: {
      ...load.loading,
      invoke: { ...load.loading.invoke, input: ({ context }: { context: FieldPageContext }) => context.id },
    },
    ready: {
      description: "The field's facts are shown.",
      initial: "viewing",
      states: {
        viewing: {
          description: "Its facts, and what the person may do with it.",
          on: {
            "fieldPage.askDelete": {
              description: "Asks to delete it (when they may): a confirmation first.",
              guard: "mayDelete",
              target: "confirmingDelete",
              actions: "clearError",
            },
          },
        },
        confirmingDelete: {
          description: "Asking whether to delete it for good.",
          on: {
            "fieldPage.cancelDelete": { description: "Keep it.", target: "viewing" },
            "fieldPage.delete": { description: "Delete it.", target: "deleting" },
          },
        },
        deleting: {
          description: "The server deletes it.",
          tags: ["busy"],
          invoke: {
            id: "deleteField",
            src: "deleteField",
            input: ({ context }) => context.id,
            onDone: { description: "Gone.", target: "#fieldPage.deleted" },
            onError: {
              description: "Refused or unreachable: it stays, with the message.",
              target: "viewing",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
      },
    },
    deleted: { description: "The field is deleted: the page leads back to the list." },
  },
})
