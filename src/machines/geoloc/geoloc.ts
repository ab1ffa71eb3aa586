/**
 * "Trouver mes machines" (SPEC §2 GeolocShortcut, docs/geoloc.md): every machine the person sees
 * at its latest position (`loadLast`), and the positions the server pushes live (`liveStream`,
 * server-sent events read with fetch), in two parallel regions.
 *
 * - `data`: `loading` → `shown` | `failed` (`geoloc.retry` tries again). When a stream opens in
 *   `restreaming` (a reconnection), the positions are loaded again: what came while no stream was
 *   open is then shown too (and a failed load is tried again: the server is back).
 * - `live`: `streaming` holds the first stream. The server ends a stream at the token's expiry:
 *   `restreaming` opens the next at once (the refreshed token goes with it); a failure opens it
 *   again after a backoff growing with the failures in a row (`attempt`, reset once one opens). A
 *   session over leaves it `off`.
 *
 * Events the stream sends: `geoloc.ready` (open), `geoloc.fix` (a machine's new fix: kept when
 * newer than the one held). Read: `context.machines` (null until loaded), `context.fixes` (the
 * live fixes by machine), `context.error`, `context.attempt`, `context.open`, the tag `busy`.
 */
import { assign, setup, stateIn } from "xstate"
import type { LiveFix, MachinePosition } from "../../schema/api.geoloc"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

export type GeolocEvent =
  | { type: "geoloc.retry" }
  | { type: "geoloc.ready" }
  | { type: "geoloc.fix"; fix: LiveFix }

export interface GeolocContext {
  readonly machines: ReadonlyArray<MachinePosition> | null
  readonly fixes: Readonly<Record<string, LiveFix>>
  readonly error: MessageCode | null
  /** Failures of the stream in a row (0 once it opened). */
  readonly attempt: number
  /** Whether a stream is open now (its `ready` came, and it has not ended). */
  readonly open: boolean
}

/** What `liveStream` is given: the failures in a row, and where its events go. */
export interface LiveStreamInput {
  readonly attempt: number
  readonly receive: (event: GeolocEvent) => void
}

const sessionOver = (error: unknown) =>
  (error as { _tag?: unknown; sessionOver?: unknown } | null)?.sessionOver === true

/** The stream, invoked the same way by `streaming` and `restreaming`. */
const stream = (done: string) =>
  ({
    id: "liveStream",
    src: "liveStream",
    input: ({ context, self }: { context: GeolocContext; self: { send: (e: GeolocEvent) => void } }) => ({
      attempt: context.attempt,
      receive: (event: GeolocEvent) => self.send(event),
    }),
    onDone: { description: done, target: "restreaming", reenter: true, actions: "streamEnded" },
    onError: [
      {
        description: "The session is over: no more streams.",
        guard: { type: "sessionOver", params: errorParams },
        target: "off",
      },
      {
        description: "Lost or refused: open it again after a longer wait.",
        target: "restreaming",
        reenter: true,
        actions: "streamFailed",
      },
    ],
  }) as const
const streamEvents = {
  "geoloc.ready": { description: "The stream is open.", actions: "streamOpened" },
  "geoloc.fix": {
    description: "A machine's new fix, kept when newer than the one held.",
    actions: "keepFix",
  },
} as const

export const geolocMachine = setup({
  types: {
    context: {} as GeolocContext,
    events: {} as GeolocEvent,
  },
  actors: {
    loadLast: unbound<ReadonlyArray<MachinePosition>, void>(),
    liveStream: unbound<void, LiveStreamInput>(),
  },
  guards: { sessionOver: (_, error: unknown) => sessionOver(error) },
  actions: {
    assignError: assignError(),
    streamEnded: assign({ attempt: 0, open: false }),
    streamFailed: assign(({ context }) => ({ attempt: context.attempt + 1, open: false })),
    streamOpened: assign({ attempt: 0, open: true }),
    keepFix: assign(({ context, event }) => {
      if (event.type !== "geoloc.fix") return {}
      const held = context.fixes[event.fix.machine]
      if (held !== undefined && held.at.epochMillis >= event.fix.at.epochMillis) return {}
      return { fixes: { ...context.fixes, [event.fix.machine]: event.fix } }
    }),
  },
}).createMachine({
  id: "geoloc",
  description: "Find my machines: their latest positions, and those pushed live.",
  context: { machines: null, fixes: {}, error: null, attempt: 0, open: false },
  type: "parallel",
  states: {
    data: {
      description: "The machines the person sees, at their latest positions.",
      initial: "loading",
      states: {
        loading: {
          description: "Loading the machines and their latest positions.",
          tags: ["busy"],
          invoke: {
            id: "loadLast",
            src: "loadLast",
            onDone: {
              description: "The machines at their latest positions.",
              target: "shown",
              actions: assign(({ event }) => ({ machines: event.output, error: null })),
            },
            onError: {
              description: "Unreachable or refused.",
              target: "failed",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
        failed: {
          description: "The positions could not be loaded.",
          on: {
            "geoloc.retry": { description: "Try again.", target: "loading" },
            "geoloc.ready": {
              description: "The stream opened again after a break: the server is back, try again.",
              guard: stateIn({ live: "restreaming" }),
              target: "loading",
            },
          },
        },
        shown: {
          description: "The machines are shown; live fixes move them.",
          on: {
            "geoloc.ready": {
              description: "The stream opened again after a break: load what came meanwhile.",
              guard: stateIn({ live: "restreaming" }),
              target: "loading",
            },
          },
        },
      },
    },
    live: {
      description: "The positions pushed by the server.",
      initial: "streaming",
      states: {
        streaming: {
          description: "The first stream, open or opening.",
          invoke: stream("The server ended it (the token expired): open it again at once."),
          on: streamEvents,
        },
        restreaming: {
          description:
            "A stream opened again after one ended (at once) or failed (after a wait growing with the failures in a row).",
          invoke: stream("The server ended it (the token expired): open it again at once."),
          on: streamEvents,
        },
        off: { description: "The session is over: positions are no longer pushed." },
      },
    },
  },
})
