/**
 * The fields the person sees (GET /fields): their own, those of the people they act for, and those
 * of the members of their structures where they hold "Voir les machines". Sorted by name by the server.
 *
 * Events the view sends:
 * - `fieldList.refresh`: reload (after a failure, or coming back from an import).
 * Read: `ready` with `context.fields`, `failed` (`context.error` holds the message code), the tag
 * `busy`. Searching, filtering by owner and totalling the area happen in the view.
 */
import { assign, setup } from "xstate"
import type { Field } from "../../schema/field"
import type { MessageCode } from "../../schema/messages"
import { assignError, firstLoad, unbound } from "../lib/kit"

export type FieldListEvent = { type: "fieldList.refresh" }

export interface FieldListContext {
  readonly fields: ReadonlyArray<Field> | null
  readonly error: MessageCode | null
}

export const fieldListMachine = setup({
  types: { context: {} as FieldListContext, events: {} as FieldListEvent },
  actors: { loadFields: unbound<ReadonlyArray<Field>>() },
  actions: {
    assignFields: assign((_, fields: ReadonlyArray<Field>) => ({ fields, error: null })),
    assignError: assignError(),
  },
}).createMachine({
  id: "fieldList",
  description: "The fields the person may see, on a map and as a list.",
  context: { fields: null, error: null },
  initial: "loading",
  states: {
    ...firstLoad({
      src: "loadFields",
      assign: "assignFields",
      retry: "fieldList.refresh",
      loading: "Asking the server for the fields.",
      done: "The fields arrived.",
      failed: "The fields could not be loaded.",
    }),
    ready: {
      description: "The fields are shown.",
      on: { "fieldList.refresh": { description: "Reload them.", target: "loading" } },
    },
  },
})
