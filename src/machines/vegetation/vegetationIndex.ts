/**
 * The vegetation index (SPEC §2 FieldsVegetationIndex): the fields the person sees on a map,
 * coloured by their last NDVI of the season, and the NDVI curve of the field they pick.
 *
 * Events the view sends:
 * - `vegetation.pick` (`fieldId`): show that field's season.
 * - `vegetation.year` (`year`): another season, for the map and the picked field.
 * - `vegetation.retry`: load again after a failure.
 * Read: `loading`; `notConfigured` (`context.missing`: the server's variables to set); `failed`
 * (`context.error`); `ready` with `context.index` (the fields) and `context.latest`, and under it `idle` (no
 * field picked), `loadingSeason`, `waiting` (the server is fetching it: `context.season` holds
 * what it has, looked at again after a pause), `shown`, `seasonFailed` (`context.error`).
 */
import { assign, setup } from "xstate"
import type { FieldIndex } from "../../schema/field"
import type { FieldId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import type { FieldVegetation, LatestVegetation } from "../../schema/vegetation"
import { errorTag } from "../lib/errors"
import { assignError, errorParams, unbound } from "../lib/kit"
import { withSeason } from "./vegetationIndex.values"

export type VegetationIndexEvent =
  | { type: "vegetation.pick"; fieldId: FieldId }
  | { type: "vegetation.year"; year: number }
  | { type: "vegetation.retry" }

/** The fields the person sees (their names and boxes, no outlines: the map reads tiles) and their last values. */
export interface Overview {
  readonly index: FieldIndex
  readonly latest: ReadonlyArray<LatestVegetation>
}

export interface VegetationIndexContext {
  readonly year: number
  readonly index: FieldIndex | null
  readonly latest: ReadonlyArray<LatestVegetation>
  readonly selected: FieldId | null
  readonly season: FieldVegetation | null
  readonly missing: ReadonlyArray<string>
  readonly error: MessageCode | null
}

const missingOf = (error: unknown): ReadonlyArray<string> => {
  const missing = (error as { missing?: unknown } | null)?.missing
  return Array.isArray(missing) ? missing.filter((m): m is string => typeof m === "string") : []
}

export const vegetationIndexMachine = setup({
  types: {
    context: {} as VegetationIndexContext,
    events: {} as VegetationIndexEvent,
    input: {} as { year: number },
  },
  actors: {
    loadOverview: unbound<Overview, number>(),
    loadSeason: unbound<FieldVegetation, { fieldId: FieldId; year: number }>(),
    pause: unbound<void>(),
  },
  actions: {
    assignOverview: assign((_, o: Overview) => ({ index: o.index, latest: o.latest, error: null })),
    assignSeason: assign(({ context }, season: FieldVegetation) => ({
      season,
      latest: withSeason(context.latest, season),
      error: null,
    })),
    assignMissing: assign((_, error: unknown) => ({ missing: missingOf(error) })),
    assignError: assignError(),
    pick: assign((_, fieldId: FieldId) => ({ selected: fieldId, season: null, error: null })),
    setYear: assign((_, year: number) => ({ year, season: null, error: null })),
  },
  guards: {
    notConfigured: (_, error: unknown) => errorTag(error) === "NotConfigured",
    hasSelection: ({ context }) => context.selected !== null,
    stillFetching: (_, season: FieldVegetation) => season.status === "pending",
  },
}).createMachine({
  id: "vegetationIndex",
  description: "The fields coloured by their last NDVI, and the season of the one picked.",
  context: ({ input }) => ({
    year: input.year,
    index: null,
    latest: [],
    selected: null,
    season: null,
    missing: [],
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description: "Asking the server for the fields and their last values of the season.",
      tags: ["busy"],
      invoke: {
        id: "loadOverview",
        src: "loadOverview",
        input: ({ context }) => context.year,
        onDone: {
          description: "They arrived.",
          target: "ready",
          actions: { type: "assignOverview", params: ({ event }) => event.output },
        },
        onError: [
          {
            description: "The server has no provider configured: the page says what it needs.",
            guard: { type: "notConfigured", params: errorParams },
            target: "notConfigured",
            actions: { type: "assignMissing", params: errorParams },
          },
          {
            description: "Unreachable or refused.",
            target: "failed",
            actions: { type: "assignError", params: errorParams },
          },
        ],
      },
    },
    notConfigured: {
      description: "The server is not configured for the index: which variables it needs is shown.",
    },
    failed: {
      description: "The fields could not be loaded.",
      on: { "vegetation.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The map of the fields' last values; a field's season when one is picked.",
      initial: "idle",
      on: {
        "vegetation.pick": {
          description: "Show this field's season.",
          target: ".loadingSeason",
          actions: { type: "pick", params: ({ event }) => event.fieldId },
        },
        "vegetation.year": {
          description: "Another season: the map and the picked field again.",
          target: "loading",
          actions: { type: "setYear", params: ({ event }) => event.year },
        },
      },
      states: {
        idle: {
          description: "No field picked yet (or the one picked is loaded again after a change of season).",
          always: { guard: "hasSelection", target: "loadingSeason" },
        },
        loadingSeason: {
          description: "Asking the server for the picked field's season.",
          tags: ["busy"],
          invoke: {
            id: "loadSeason",
            src: "loadSeason",
            input: ({ context }) => ({ fieldId: context.selected as FieldId, year: context.year }),
            onDone: [
              {
                description:
                  "The server is still fetching it: what it has is shown, and asked again shortly.",
                guard: { type: "stillFetching", params: ({ event }) => event.output },
                target: "waiting",
                actions: { type: "assignSeason", params: ({ event }) => event.output },
              },
              {
                description: "Fetched (or failed at the provider, which it says).",
                target: "shown",
                actions: { type: "assignSeason", params: ({ event }) => event.output },
              },
            ],
            onError: {
              description: "Unreachable or refused.",
              target: "seasonFailed",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
        waiting: {
          description:
            "The server is fetching the season from the provider: a pause, then it is asked again.",
          invoke: {
            id: "pause",
            src: "pause",
            onDone: { description: "Ask again.", target: "loadingSeason" },
          },
        },
        shown: { description: "The season's curve is shown." },
        seasonFailed: {
          description: "The season could not be loaded.",
          on: { "vegetation.retry": { description: "Try again.", target: "loadingSeason" } },
        },
      },
    },
  },
})
