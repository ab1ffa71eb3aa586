/**
 * A table of raw fixes over a UTC period (SPEC §2 `expert`, and the admin area's counterdata):
 * pick what to read (a machine the person sees, or any box for an administrator) and a period, read
 * the fixes a page at a time with the boxes' information, export the period as CSV.
 *
 * Events the view sends:
 * - `fixes.show` (`source`, `start`, `end`: ISO instants): read that period from its first page.
 * - `fixes.page` (`page`): another page of the same period.
 * - `fixes.export`: download the period as CSV.
 * - `fixes.retry`: load again after a failure.
 * Read: `loadingChoices`; `choicesFailed` (`context.error`); `idle` (`context.choices`: what may be
 * read); `loading`; `shown` (`context.result`: the page and the boxes); `exporting`; `failed`
 * (`context.error`).
 */
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import type { DeviceInformation } from "../../schema/telemetryReads"
import { assignError, errorParams, unbound } from "../lib/kit"

/** What a table reads: a machine's fixes (expert) or a box's (admin counterdata). */
export type FixesSource = { readonly machine: string } | { readonly counter: string }

export interface FixesQuery {
  readonly source: FixesSource
  readonly start: string
  readonly end: string
}

/** One choice of the picker. */
export interface FixesChoice {
  readonly id: string
  readonly label: string
}

/** A page of fixes as the table shows it (a machine's or a box's, with attribution then). */
export interface FixesResult {
  readonly total: number
  readonly unattributed?: number
  readonly page: number
  readonly limit: number
  readonly fixes: ReadonlyArray<unknown>
  readonly devices: ReadonlyArray<DeviceInformation>
}

export type FixesTableEvent =
  | ({ type: "fixes.show" } & FixesQuery)
  | { type: "fixes.page"; page: number }
  | { type: "fixes.export" }
  | { type: "fixes.retry" }

export interface FixesTableContext {
  readonly choices: ReadonlyArray<FixesChoice> | null
  readonly query: FixesQuery | null
  readonly page: number
  readonly result: FixesResult | null
  /** The last export went well (cleared by any other step). */
  readonly exported: boolean
  readonly error: MessageCode | null
}

export const fixesTableMachine = setup({
  types: {
    context: {} as FixesTableContext,
    events: {} as FixesTableEvent,
  },
  actors: {
    loadChoices: unbound<ReadonlyArray<FixesChoice>>(),
    loadPage: unbound<FixesResult, FixesQuery & { page: number }>(),
    exportCsv: unbound<void, FixesQuery>(),
  },
  actions: {
    assignChoices: assign((_, choices: ReadonlyArray<FixesChoice>) => ({ choices, error: null })),
    assignQuery: assign((_, query: FixesQuery) => ({
      query,
      page: 1,
      result: null,
      exported: false,
      error: null,
    })),
    assignPage: assign((_, page: number) => ({ page, exported: false, error: null })),
    assignResult: assign((_, result: FixesResult) => ({ result, error: null })),
    assignExported: assign({ exported: true, error: null }),
    clearOutcome: assign({ exported: false, error: null }),
    assignError: assignError(),
  },
}).createMachine({
  id: "fixesTable",
  description: "A machine's or a box's raw fixes over a UTC period, a page at a time, and its CSV.",
  context: { choices: null, query: null, page: 1, result: null, exported: false, error: null },
  initial: "loadingChoices",
  states: {
    loadingChoices: {
      description: "Asking the server what the person may read (machines, or boxes).",
      tags: ["busy"],
      invoke: {
        id: "loadChoices",
        src: "loadChoices",
        onDone: {
          description: "They arrived.",
          target: "idle",
          actions: { type: "assignChoices", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable or refused.",
          target: "choicesFailed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    choicesFailed: {
      description: "The choices could not be loaded.",
      on: { "fixes.retry": { description: "Try again.", target: "loadingChoices" } },
    },
    idle: {
      description: "Nothing asked yet: the picker and the period.",
    },
    loading: {
      description: "Asking the server for a page of the period.",
      tags: ["busy"],
      invoke: {
        id: "loadPage",
        src: "loadPage",
        input: ({ context }) => ({
          source: context.query?.source ?? { machine: "" },
          start: context.query?.start ?? "",
          end: context.query?.end ?? "",
          page: context.page,
        }),
        onDone: {
          description: "The page arrived.",
          target: "shown",
          actions: { type: "assignResult", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable or refused (a period the server does not take included).",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    shown: {
      description: "A page of the period's fixes is shown.",
      on: {
        "fixes.page": {
          description: "Another page of the same period.",
          target: "loading",
          actions: { type: "assignPage", params: ({ event }) => event.page },
        },
        "fixes.export": { description: "Download the period as CSV.", target: "exporting" },
      },
    },
    exporting: {
      description: "Asking the server for the period as CSV, then handing it to the browser.",
      tags: ["busy"],
      entry: "clearOutcome",
      invoke: {
        id: "exportCsv",
        src: "exportCsv",
        input: ({ context }) => ({
          source: context.query?.source ?? { machine: "" },
          start: context.query?.start ?? "",
          end: context.query?.end ?? "",
        }),
        onDone: { description: "Downloaded.", target: "shown", actions: "assignExported" },
        onError: {
          description:
            "Refused (a period too long for one file) or unreachable: the page stays, with the message.",
          target: "shown",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The page could not be loaded.",
      on: { "fixes.retry": { description: "Try again.", target: "loading" } },
    },
  },
  on: {
    "fixes.show": {
      description: "Read this period from its first page (from any state once the choices are there).",
      guard: ({ context }) => context.choices !== null,
      target: ".loading",
      actions: {
        type: "assignQuery",
        params: ({ event }) => ({ source: event.source, start: event.start, end: event.end }),
      },
    },
  },
})

export type FixesTableMachine = typeof fixesTableMachine
