/**
 * FieldsMain's fields at any size (GET /fields/index): every field the person sees without its
 * outline (the map draws outlines from the server's tiles), their owners with the structures
 * each belongs to, the person's structures, and the version the tile addresses carry.
 *
 * Events the view sends:
 * - `fieldIndex.refresh`: reload (after a failure, or coming back from an import).
 * Read: `ready` with `context.index`, `failed` (`context.error` holds the message code), the tag
 * `busy`. Searching, filtering by structure and owner and totalling the area happen in the view
 * (src/views/fields/fieldFilter.ts).
 */
import { assign, setup } from "xstate"
import type { FieldIndex } from "../../schema/field"
import type { MessageCode } from "../../schema/messages"
import { assignError, firstLoad, unbound } from "../lib/kit"

export type FieldIndexEvent = { type: "fieldIndex.refresh" }

export interface FieldIndexContext {
  readonly index: FieldIndex | null
  readonly error: MessageCode | null
}

export const fieldIndexMachine = setup({
  types: { context: {} as FieldIndexContext, events: {} as FieldIndexEvent },
  actors: { loadIndex: unbound<FieldIndex>() },
  actions: {
    assignIndex: assign((_, index: FieldIndex) => ({ index, error: null })),
    assignError: assignError(),
  },
}).createMachine({
  id: "fieldIndex",
  description: "Every field the person may see, as FieldsMain lists them and its map draws them.",
  context: { index: null, error: null },
  initial: "loading",
  states: {
    ...firstLoad({
      src: "loadIndex",
      assign: "assignIndex",
      retry: "fieldIndex.refresh",
      loading: "Asking the server for the fields' index.",
      done: "The index arrived.",
      failed: "The index could not be loaded.",
    }),
    ready: {
      description: "The fields are shown.",
      on: { "fieldIndex.refresh": { description: "Reload them.", target: "loading" } },
    },
  },
})
