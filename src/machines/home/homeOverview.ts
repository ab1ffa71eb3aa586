/**
 * The home page's overview (docs/user-guide.md#the-home-page): what a manager looks for first
 * thing in the morning, read once when the page opens and again when the person comes back to it
 * (`homeOverview.refresh`), in the person's time zone.
 *
 * Events the view sends: `homeOverview.refresh` (again, from `ready` or `failed`).
 * Read: `context.overview` (null until first loaded), `context.error`, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import { daysAround, type Overview, type OverviewSources, overviewOf } from "../../schema/overview"
import { assignError, errorParams, unbound } from "../lib/kit"

export type HomeOverviewEvent = { type: "homeOverview.refresh" }

export interface HomeOverviewContext {
  readonly zone: string
  /** The clock (the page's; the paths' a fixed one). */
  readonly now: () => number
  /** The instant the sources were asked at (the overview is computed at it). */
  readonly askedAt: number
  readonly overview: Overview | null
  readonly error: MessageCode | null
}

/** What `loadOverview` is asked: the window of today and tomorrow, in the person's time zone. */
export interface OverviewWindow {
  readonly from: number
  readonly to: number
}

const windowOf = (context: HomeOverviewContext): OverviewWindow => {
  const days = daysAround(context.askedAt, context.zone)
  return { from: days.today, to: days.after }
}

export const homeOverviewMachine = setup({
  types: {
    context: {} as HomeOverviewContext,
    events: {} as HomeOverviewEvent,
    input: {} as { zone: string; now: () => number },
  },
  actors: {
    loadOverview: unbound<OverviewSources, OverviewWindow>(),
  },
  actions: {
    assignOverview: assign(({ context }, sources: OverviewSources) => ({
      overview: overviewOf(sources, context.askedAt, context.zone),
      error: null,
    })),
    assignError: assignError(),
  },
}).createMachine({
  id: "homeOverview",
  description:
    "The home page's overview: machines working now, today's and tomorrow's bookings, disputes to answer, boxes to check.",
  context: ({ input }) => ({
    zone: input.zone,
    now: input.now,
    askedAt: input.now(),
    overview: null,
    error: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description:
        "Asking for the positions, the bookings of today and tomorrow, the boxes and the notifications.",
      tags: ["busy"],
      invoke: {
        id: "loadOverview",
        src: "loadOverview",
        input: ({ context }) => windowOf(context),
        onDone: {
          description: "Shown.",
          target: "ready",
          actions: { type: "assignOverview", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable: the overview says so; the cards below still work.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    ready: {
      description: "The overview is shown.",
      on: {
        "homeOverview.refresh": {
          description: "Again, as of now.",
          target: "loading",
          actions: assign(({ context }) => ({ askedAt: context.now() })),
        },
      },
    },
    failed: {
      description: "It could not be read.",
      on: {
        "homeOverview.refresh": {
          description: "Try again.",
          target: "loading",
          actions: assign(({ context }) => ({ askedAt: context.now() })),
        },
      },
    },
  },
})
