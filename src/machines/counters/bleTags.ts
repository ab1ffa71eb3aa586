/**
 * The BLE tags of the person's structures (GET /ble_tag) with what they can be attributed to:
 * the structures' machines (GET /machines) and members (GET /clusters/{id}/members); attributing
 * a machine tag to a machine or a user tag to a member (PUT /ble_tag/{id}; null detaches), a
 * machine tag with what its implement spreads (a product type of the catalogue, GET /filterEntries).
 *
 * Events the view sends: `bleTags.attribute` { tag, machine, productType? } or { tag, user },
 * `bleTags.retry`.
 * Read: `context.tags`, `context.machines`, `context.members` (structure id → its members),
 * `context.productTypes`,
 * `context.saving` (the tag being changed), `context.saved` (the last one attributed),
 * `context.error` (a refusal: forbidden, associationNotAllowed, ...), the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { FilterEntry } from "../../schema/catalogue"
import type { BleTag } from "../../schema/counter"
import type { BleTagId, FilterEntryId, MachineId, UserId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export interface TagChoices {
  readonly tags: ReadonlyArray<BleTag>
  readonly machines: ReadonlyArray<MachineSummary>
  readonly members: Readonly<Record<string, ReadonlyArray<Member>>>
  /** The catalogue's product types, for machine tags. */
  readonly productTypes: ReadonlyArray<FilterEntry>
}

export type Attribution =
  | { readonly machine: MachineId | null; readonly productType?: FilterEntryId | null }
  | { readonly user: UserId | null }

export type BleTagsEvent =
  | ({ type: "bleTags.attribute"; tag: BleTagId } & Attribution)
  | { type: "bleTags.retry" }

export interface BleTagsContext extends Partial<TagChoices> {
  readonly saving: BleTagId | null
  readonly saved: BleTagId | null
  readonly error: MessageCode | null
}

export const bleTagsMachine = setup({
  types: { context: {} as BleTagsContext, events: {} as BleTagsEvent },
  actors: {
    loadTags: unbound<TagChoices>(),
    attributeTag: unbound<BleTag, { tag: BleTagId } & Attribution>(),
  },
  actions: {
    assignError: assignError(() => ({ saving: null })),
  },
}).createMachine({
  id: "bleTags",
  description: "The BLE tags of the person's structures and their attribution.",
  context: { saving: null, saved: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Loading the tags, machines and members.",
      tags: ["busy"],
      invoke: {
        id: "loadTags",
        src: "loadTags",
        onDone: {
          description: "The tags and the choices arrived.",
          target: "ready",
          actions: assign(({ event }) => ({ ...event.output, error: null })),
        },
        onError: {
          description: "Unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The tags could not be loaded.",
      on: { "bleTags.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The tags are listed.",
      on: {
        "bleTags.attribute": {
          description: "Attribute a tag (or detach it).",
          target: "attributing",
          actions: assign(({ event }) => ({ saving: event.tag, saved: null, error: null })),
        },
      },
    },
    attributing: {
      description: "Attributing a tag.",
      tags: ["busy"],
      invoke: {
        id: "attributeTag",
        src: "attributeTag",
        input: ({ event }) => {
          const { type: _, ...attribution } = event as Extract<BleTagsEvent, { type: "bleTags.attribute" }>
          return attribution
        },
        onDone: {
          description: "Attributed: the row shows the answer.",
          target: "ready",
          actions: assign(({ context, event }) => ({
            tags: (context.tags ?? []).map((t) => (t.id === event.output.id ? event.output : t)),
            saving: null,
            saved: event.output.id,
          })),
        },
        onError: {
          description: "Refused (right missing, outside the structure) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})
