// Size: one chart of 7 states and 14 described transitions: one configuration, kept whole.
/**
 * The admin area's boxes (GET /admin/counters): every box, sorted by id, with battery, last
 * communication, structure and the machine it is on; registering a box or a phone (POST
 * /admin/counters), which answers its secret, shown once; issuing a box a new secret (POST
 * /admin/counters/{id}/secret: the old one stops working); choosing its structure (PUT
 * /admin/counters/{id}/cluster).
 *
 * Events the view sends: `adminCounters.register` { id (as typed), kind? (box unless phone) },
 * `adminCounters.rotate` { counter }, `adminCounters.attribute` { counter, cluster } (null: no
 * structure), `adminCounters.retry`. `context.issued` holds the secret just issued, until the next action.
 * Read: `context.counters` (null until loaded), `context.errors.id` (the typed id's problem),
 * `context.error` (a refusal: counterExists, modificationNotAllowed, ...), `context.registered`
 * and `context.attributed` (the last success), `context.saving`, the states `forbidden` and
 * `failed`, the tag `busy`.
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import { type BoxSecret, Counter, type CounterKind, type RegisteredCounter } from "../../schema/counter"
import { type ClusterId, CounterId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorsOf, type FieldErrors } from "../lib/form"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"
import { adminLoadErrors } from "./adminLoad"
import { isForbidden } from "./adminUsers"

export type AdminCountersEvent =
  | { type: "adminCounters.register"; id: string; kind?: CounterKind }
  | { type: "adminCounters.rotate"; counter: CounterId }
  | { type: "adminCounters.attribute"; counter: CounterId; cluster: ClusterId | null }
  | { type: "adminCounters.retry" }

export interface AdminCountersContext {
  readonly counters: ReadonlyArray<Counter> | null
  readonly errors: FieldErrors<"id">
  readonly error: MessageCode | null
  readonly saving: CounterId | null
  readonly registered: CounterId | null
  readonly attributed: CounterId | null
  /** The secret just issued, shown this once (until the next action). */
  readonly issued: { readonly counter: CounterId; readonly secret: BoxSecret } | null
}

const NewCounter = Schema.Struct({ id: CounterId })
const byId = (a: Counter, b: Counter) => a.id.localeCompare(b.id)
const cleared = { error: null, registered: null, attributed: null, issued: null }

const boxesLoad = firstLoad(
  {
    src: "loadCounters",
    assign: "assignCounters",
    retry: "adminCounters.retry",
    loading: "Loading the boxes.",
    done: "The boxes arrived.",
    failed: "The boxes could not be loaded.",
  },
  adminLoadErrors,
)

export const adminCountersMachine = setup({
  types: { context: {} as AdminCountersContext, events: {} as AdminCountersEvent },
  actors: {
    loadCounters: unbound<ReadonlyArray<Counter>>(),
    registerCounter: unbound<RegisteredCounter, { id: CounterId; kind: CounterKind }>(),
    rotateSecret: unbound<BoxSecret, CounterId>(),
    attributeCounter: unbound<Counter, { counter: CounterId; cluster: ClusterId | null }>(),
  },
  guards: {
    forbidden: (_, error: unknown) => isForbidden(error),
    validId: ({ event }) =>
      event.type === "adminCounters.register" &&
      Object.keys(errorsOf(NewCounter, { id: event.id })).length === 0,
  },
  actions: {
    assignCounters: assign((_, counters: ReadonlyArray<Counter>) => ({ counters, error: null })),
    addCounter: assign(({ context }, { counter, secret }: RegisteredCounter) => ({
      counters: [...(context.counters ?? []).filter((c) => c.id !== counter.id), counter].sort(byId),
      saving: null,
      registered: counter.id,
      issued: { counter: counter.id, secret },
    })),
    showSecret: assign(({ context }, secret: BoxSecret) => {
      const counter = context.saving
      return {
        counters: (context.counters ?? []).map((c) =>
          c.id === counter ? new Counter({ ...c, secretIssuedAt: secret.issuedAt }) : c,
        ),
        saving: null,
        issued: counter === null ? null : { counter, secret },
      }
    }),
    replaceCounter: assign(({ context }, counter: Counter) => ({
      counters: (context.counters ?? []).map((c) => (c.id === counter.id ? counter : c)),
      saving: null,
      attributed: counter.id,
    })),
    assignError: assignError(() => ({ saving: null })),
  },
}).createMachine({
  id: "adminCounters",
  description: "Every box, for the platform administrators.",
  context: {
    counters: null,
    errors: {},
    error: null,
    saving: null,
    registered: null,
    attributed: null,
    issued: null,
  },
  initial: "loading",
  states: {
    loading: boxesLoad.loading,
    forbidden: { description: "Reserved to the platform administrators." },
    failed: boxesLoad.failed,
    ready: {
      description: "The boxes are listed.",
      on: {
        "adminCounters.register": [
          {
            description: "A well-formed id: register it.",
            guard: "validId",
            target: "registering",
            actions: assign({ errors: {}, ...cleared }),
          },
          {
            description: "The id is missing or malformed: say so on the field.",
            actions: assign(({ event }) => ({ errors: errorsOf(NewCounter, { id: event.id }), ...cleared })),
          },
        ],
        "adminCounters.rotate": {
          description: "Issue the box a new secret (the old one stops working).",
          target: "rotating",
          actions: assign(({ event }) => ({ saving: event.counter, errors: {}, ...cleared })),
        },
        "adminCounters.attribute": {
          description: "Change a box's structure.",
          target: "attributing",
          actions: assign(({ event }) => ({ saving: event.counter, errors: {}, ...cleared })),
        },
      },
    },
    registering: {
      description: "Registering a box.",
      tags: ["busy"],
      invoke: {
        id: "registerCounter",
        src: "registerCounter",
        input: ({ event }) => {
          const e = event as Extract<AdminCountersEvent, { type: "adminCounters.register" }>
          return { id: Schema.decodeSync(CounterId)(e.id), kind: e.kind ?? "box" }
        },
        onDone: {
          description: "Registered: it joins the list.",
          target: "ready",
          actions: { type: "addCounter", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (already registered) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    rotating: {
      description: "Issuing a box a new secret.",
      tags: ["busy"],
      invoke: {
        id: "rotateSecret",
        src: "rotateSecret",
        input: ({ context }) => context.saving as CounterId,
        onDone: {
          description: "Issued: shown this once.",
          target: "ready",
          actions: { type: "showSecret", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (no such box) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    attributing: {
      description: "Changing a box's structure.",
      tags: ["busy"],
      invoke: {
        id: "attributeCounter",
        src: "attributeCounter",
        input: ({ event }) => {
          const e = event as Extract<AdminCountersEvent, { type: "adminCounters.attribute" }>
          return { counter: e.counter, cluster: e.cluster }
        },
        onDone: {
          description: "Changed: the row shows the answer.",
          target: "ready",
          actions: { type: "replaceCounter", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (a box in use keeps its structure) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})
