// Size: one chart of 6 states and 11 described transitions: one configuration, kept whole.
/**
 * The admin area's BLE tags (GET /admin/ble_tags): every tag, sorted by id, with its type,
 * structure and what it is attributed to; registering a tag with its type (POST /admin/ble_tags)
 * and choosing its structure (PUT /admin/ble_tags/{id}/cluster; a change detaches it).
 *
 * Events the view sends: `adminTags.register` { id (as typed), tagType }, `adminTags.attribute`
 * { tag, cluster } (null: no structure), `adminTags.retry`.
 * Read: `context.tags` (null until loaded), `context.errors.id` (the typed id's problem),
 * `context.error` (a refusal: tagExists, ...), `context.registered`
 * and `context.attributed` (the last success), `context.saving`, the states `forbidden` and
 * `failed`, the tag `busy`.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import type { BleTag, BleTagType } from "../../schema/counter"
import { BleTagId, type ClusterId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"
import { adminLoadErrors } from "./adminLoad"
import { isForbidden } from "./adminUsers"

export type AdminTagsEvent =
  | { type: "adminTags.register"; id: string; tagType: typeof BleTagType.Type }
  | { type: "adminTags.attribute"; tag: BleTagId; cluster: ClusterId | null }
  | { type: "adminTags.retry" }

export interface AdminTagsContext {
  readonly tags: ReadonlyArray<BleTag> | null
  readonly errors: FieldErrors<"id">
  readonly error: MessageCode | null
  readonly saving: BleTagId | null
  readonly registered: BleTagId | null
  readonly attributed: BleTagId | null
}

const NewTag = Schema.Struct({ id: BleTagId })
const byId = (a: BleTag, b: BleTag) => a.id.localeCompare(b.id)
const cleared = { error: null, registered: null, attributed: null }

export const adminTagsMachine = setup({
  types: { context: {} as AdminTagsContext, events: {} as AdminTagsEvent },
  actors: {
    loadTags: unbound<ReadonlyArray<BleTag>>(),
    registerTag: unbound<BleTag, { id: BleTagId; type: typeof BleTagType.Type }>(),
    attributeTag: unbound<BleTag, { tag: BleTagId; cluster: ClusterId | null }>(),
  },
  guards: {
    forbidden: (_, error: unknown) => isForbidden(error),
    validId: ({ event }) =>
      event.type === "adminTags.register" && Object.keys(errorsOf(NewTag, { id: event.id })).length === 0,
  },
  actions: {
    assignTags: assign((_, tags: ReadonlyArray<BleTag>) => ({ tags, error: null })),
    addTag: assign(({ context }, tag: BleTag) => ({
      tags: [...(context.tags ?? []).filter((c) => c.id !== tag.id), tag].sort(byId),
      saving: null,
      registered: tag.id,
    })),
    replaceTag: assign(({ context }, tag: BleTag) => ({
      tags: (context.tags ?? []).map((c) => (c.id === tag.id ? tag : c)),
      saving: null,
      attributed: tag.id,
    })),
    assignError: assignError(() => ({ saving: null })),
  },
}).createMachine({
  id: "adminTags",
  description: "Every BLE tag, for the platform administrators.",
  context: { tags: null, errors: {}, error: null, saving: null, registered: null, attributed: null },
  initial: "loading",
  states: {
    loading: {
      description: "Loading the BLE tags.",
      tags: ["busy"],
      invoke: {
        id: "loadTags",
        src: "loadTags",
        onDone: {
          description: "The BLE tags arrived.",
          target: "ready",
          actions: { type: "assignTags", params: ({ event }) => event.output },
        },
        onError: adminLoadErrors,
      },
    },
    forbidden: { description: "Reserved to the platform administrators." },
    failed: {
      description: "The BLE tags could not be loaded.",
      on: { "adminTags.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The BLE tags are listed.",
      on: {
        "adminTags.register": [
          {
            description: "A well-formed id: register it.",
            guard: "validId",
            target: "registering",
            actions: assign({ errors: {}, ...cleared }),
          },
          {
            description: "The id is missing or malformed: say so on the field.",
            actions: assign(({ event }) => ({ errors: errorsOf(NewTag, { id: event.id }), ...cleared })),
          },
        ],
        "adminTags.attribute": {
          description: "Change a tag's structure.",
          target: "attributing",
          actions: assign(({ event }) => ({ saving: event.tag, errors: {}, ...cleared })),
        },
      },
    },
    registering: {
      description: "Registering a tag.",
      tags: ["busy"],
      invoke: {
        id: "registerTag",
        src: "registerTag",
        input: ({ event }) => {
          const e = event as Extract<AdminTagsEvent, { type: "adminTags.register" }>
          return { id: Schema.decodeSync(BleTagId)(e.id), type: e.tagType }
        },
        onDone: {
          description: "Registered: it joins the list.",
          target: "ready",
          actions: { type: "addTag", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (already registered) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    attributing: {
      description: "Changing a tag's structure.",
      tags: ["busy"],
      invoke: {
        id: "attributeTag",
        src: "attributeTag",
        input: ({ event }) => {
          const e = event as Extract<AdminTagsEvent, { type: "adminTags.attribute" }>
          return { tag: e.tag, cluster: e.cluster }
        },
        onDone: {
          description: "Changed: the row shows the answer.",
          target: "ready",
          actions: { type: "replaceTag", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})
