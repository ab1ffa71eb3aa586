/**
 * One field's page (SPEC §2 fields/{idField}): its facts — outline, area, owner and since when,
 * PAC identity, the owners before — loaded once the page opens (GET /fields/{id}).
 *
 * Events the view sends:
 * - `fieldPage.retry`: load again after a failure.
 * Read: `ready` with `context.detail`, `failed` (`context.error`: `notFound` when the field is gone
 * or not the person's to see), the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { FieldDetail } from "../../schema/field"
import type { FieldId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { assignError, firstLoad, unbound } from "../lib/kit"

export type FieldPageEvent = { type: "fieldPage.retry" }

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
  actors: { loadField: unbound<FieldDetail, FieldId>() },
  actions: {
    assignDetail: assign((_, detail: FieldDetail) => ({ detail, error: null })),
    assignError: assignError(),
  },
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
    ready: { description: "The field's facts are shown." },
  },
})
