/**
 * One field's page (SPEC §2 fields/{idField}): its facts — outline, area, owner and since when,
 * PAC identity, the owners before — loaded once the page opens (GET /fields/{id}).
 *
 * Events the view sends:
 * - `fieldPage.retry`: load again after a failure.
 * - `fieldPage.askDelete`, then `fieldPage.delete` or `fieldPage.cancelDelete`: delete the field
 *   (when it says the person may), after a confirmation.
 * - `fieldPage.changeOwner` (when it says the person may), then `fieldPage.saveOwner` {owner, since}
 *   or `fieldPage.cancelOwner`: give the field to one of the people the server offers
 *   (`context.candidates`) from a day on; the owners' history grows by one.
 * Read: `ready` with `context.detail`, `failed` (`context.error`: `notFound` when the field is gone
 * or not the person's to see), `deleted` once gone, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { FieldDetail, FieldOwner, OwnerChange } from "../../schema/field"
import type { FieldId, UserId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"

export type FieldPageEvent =
  | { type: "fieldPage.retry" }
  | { type: "fieldPage.askDelete" }
  | { type: "fieldPage.cancelDelete" }
  | { type: "fieldPage.delete" }
  | { type: "fieldPage.changeOwner" }
  | { type: "fieldPage.cancelOwner" }
  | { type: "fieldPage.saveOwner"; owner: string; since: string }

export interface FieldPageContext {
  readonly id: FieldId
  readonly detail: FieldDetail | null
  readonly error: MessageCode | null
  /** Whom the field may be given to, once asked. */
  readonly candidates: ReadonlyArray<FieldOwner>
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
  actors: {
    loadField: unbound<FieldDetail, FieldId>(),
    deleteField: unbound<void, FieldId>(),
    ownerCandidates: unbound<ReadonlyArray<FieldOwner>, FieldId>(),
    changeOwner: unbound<FieldDetail, { id: FieldId; change: OwnerChange }>(),
  },
  actions: {
    assignDetail: assign((_, detail: FieldDetail) => ({ detail, error: null })),
    assignCandidates: assign((_, candidates: ReadonlyArray<FieldOwner>) => ({ candidates })),
    assignError: assignError(),
    clearError: assign({ error: null }),
  },
  guards: {
    mayDelete: ({ context }) => context.detail?.field.can.delete === true,
    mayEdit: ({ context }) => context.detail?.field.can.edit === true,
    ownerChosen: ({ event }) =>
      event.type === "fieldPage.saveOwner" && event.owner !== "" && event.since !== "",
  },
}).createMachine({
  id: "fieldPage",
  description: "A field's facts, loaded when its page opens.",
  context: ({ input }) => ({ id: input.id, detail: null, error: null, candidates: [] }),
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
            "fieldPage.changeOwner": {
              description: "Asks to give it to someone else (when they may): whom is asked first.",
              guard: "mayEdit",
              target: "owner",
              actions: "clearError",
            },
          },
        },
        owner: {
          description: "Giving the field to someone else, from a day on.",
          initial: "loadingCandidates",
          states: {
            loadingCandidates: {
              description: "The server says whom the person may give it to.",
              tags: ["busy"],
              invoke: {
                id: "ownerCandidates",
                src: "ownerCandidates",
                input: ({ context }) => context.id,
                onDone: {
                  description: "The choice is offered.",
                  target: "choosing",
                  actions: { type: "assignCandidates", params: ({ event }) => event.output },
                },
                onError: {
                  description: "Refused or unreachable: the message shows.",
                  target: "#fieldPage.ready.viewing",
                  actions: { type: "assignError", params: errorParams },
                },
              },
            },
            choosing: {
              description: "Choosing the new owner and the day they own it from.",
              on: {
                "fieldPage.cancelOwner": {
                  description: "Keep the owner.",
                  target: "#fieldPage.ready.viewing",
                },
                "fieldPage.saveOwner": [
                  { description: "Give it.", guard: "ownerChosen", target: "saving", actions: "clearError" },
                  {
                    description: "No one or no day chosen: says so.",
                    actions: assign({ error: "required" as MessageCode }),
                  },
                ],
              },
            },
            saving: {
              description: "The server records the new owner.",
              tags: ["busy"],
              invoke: {
                id: "changeOwner",
                src: "changeOwner",
                input: ({ context, event }) => ({
                  id: context.id,
                  change:
                    event.type === "fieldPage.saveOwner"
                      ? { owner: event.owner as UserId, since: event.since }
                      : { owner: "" as UserId, since: "" },
                }),
                onDone: {
                  description: "Given: the new owner and the history show.",
                  target: "#fieldPage.ready.viewing",
                  actions: { type: "assignDetail", params: ({ event }) => event.output },
                },
                onError: {
                  description: "Refused (a day too early, someone it may not go to) or unreachable.",
                  target: "choosing",
                  actions: { type: "assignError", params: errorParams },
                },
              },
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
