// Size: one chart of 7 states and 14 described transitions: one configuration, kept whole.
/**
 * The wizard that puts a box on a machine (SPEC §4), two steps, its step counter bounded 1..2:
 * 1. the structure and the box (one of that structure's boxes), 2. the machine (one of that
 * structure's machines), the start date (required, proposed as now) and an optional end date
 * after the start.
 *
 * Input: { counter?, now? } (a box chosen beforehand; `now` in epoch milliseconds, the moment the
 * wizard opens when not given). The structures come with `wizard.next`.
 * Events the view sends:
 * - `wizard.next` { cluster, counter }: step 1 done (checked against the loaded boxes).
 * - `wizard.back`: from step 2 to step 1 (the choices stay).
 * - `wizard.submit` { machine, start_date, end_date }: step 2 done: create the association.
 * - `wizard.retry`: reload the boxes after a failure.
 * Read: `context.step` (1 or 2), `context.start` (the start date step 2 proposes: now, to the
 * minute), `context.counters`, `context.machines`, `context.errors` (field →
 * message code), `context.error` (the server's refusal: associationOverlap, ...), the tag `busy`;
 * the final state `done` outputs the created association (`context.created`).
 */
import { DateTime } from "effect"
import { assign, setup } from "xstate"
import type { Counter, CounterAssociation } from "../../schema/counter"
import type { ClusterId, CounterId, MachineId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import type { FieldErrors } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

export type WizardEvent =
  | { type: "wizard.next"; cluster: ClusterId | null; counter: string }
  | { type: "wizard.back" }
  | {
      type: "wizard.submit"
      machine: MachineId | null
      start_date: DateTime.Utc | null
      end_date: DateTime.Utc | null
    }
  | { type: "wizard.retry" }

export interface WizardContext {
  readonly step: 1 | 2
  /** The start date proposed on step 2 (epoch milliseconds): now, to the minute. */
  readonly start: number
  readonly cluster: ClusterId | null
  readonly counter: string
  readonly counters: ReadonlyArray<Counter> | null
  readonly machines: ReadonlyArray<MachineSummary> | null
  readonly errors: FieldErrors<"cluster" | "counter" | "machine" | "start_date" | "end_date">
  readonly error: MessageCode | null
}

export interface Association {
  readonly counter: CounterId
  readonly cluster: ClusterId
  readonly machine: MachineId
  readonly start_date: DateTime.Utc
  readonly end_date: DateTime.Utc | null
}

/** The start of the minute `now` falls in: the start date the wizard proposes. */
export const proposedStart = (now: number): number => Math.floor(now / 60_000) * 60_000

/** The step counter never leaves 1..2. */
export const clampStep = (step: number): 1 | 2 => (step <= 1 ? 1 : 2)

const normalise = (counter: string) => counter.trim().toUpperCase()

export const stepOneErrors = (
  counters: ReadonlyArray<Counter>,
  cluster: ClusterId | null,
  counter: string,
): WizardContext["errors"] => {
  const errors: Record<string, MessageCode> = {}
  if (cluster === null) errors.cluster = "clusterRequiredForCounter"
  const id = normalise(counter)
  if (id === "") errors.counter = "counterRequired"
  else if (!counters.some((c) => c.id === id && (cluster === null || c.cluster?.id === cluster)))
    errors.counter = "selectionUnknown"
  return errors
}

export const stepTwoErrors = (
  machines: ReadonlyArray<MachineSummary>,
  e: Extract<WizardEvent, { type: "wizard.submit" }>,
): WizardContext["errors"] => {
  const errors: Record<string, MessageCode> = {}
  if (e.machine === null) errors.machine = "required"
  else if (!machines.some((m) => m.id === e.machine)) errors.machine = "selectionUnknown"
  if (e.start_date === null) errors.start_date = "required"
  else if (e.end_date !== null && !DateTime.greaterThan(e.end_date, e.start_date))
    errors.end_date = "endBeforeStart"
  return errors
}

export const associationWizardMachine = setup({
  types: {
    context: {} as WizardContext & { pending: Association | null; created: CounterAssociation | null },
    events: {} as WizardEvent,
    input: {} as { counter?: string; now?: number },
    output: {} as CounterAssociation,
  },
  actors: {
    loadCounters: unbound<ReadonlyArray<Counter>>(),
    loadMachines: unbound<ReadonlyArray<MachineSummary>, ClusterId>(),
    associate: unbound<CounterAssociation, Association>(),
  },
  guards: {
    stepOneValid: ({ context, event }) =>
      event.type === "wizard.next" &&
      Object.keys(stepOneErrors(context.counters ?? [], event.cluster, event.counter)).length === 0,
    counterUnknown: ({ context, event }) =>
      event.type === "wizard.next" &&
      stepOneErrors(context.counters ?? [], event.cluster, event.counter).counter === "selectionUnknown",
    stepTwoIncomplete: ({ event }) =>
      event.type === "wizard.submit" && (event.machine === null || event.start_date === null),
    stepTwoValid: ({ context, event }) =>
      event.type === "wizard.submit" &&
      Object.keys(stepTwoErrors(context.machines ?? [], event)).length === 0,
  },
  actions: {
    assignCounters: assign((_, counters: ReadonlyArray<Counter>) => ({ counters, error: null })),
    assignStepOne: assign(({ context, event }) =>
      event.type === "wizard.next"
        ? {
            cluster: event.cluster,
            counter: normalise(event.counter),
            machines: event.cluster === context.cluster ? context.machines : null,
            errors: stepOneErrors(context.counters ?? [], event.cluster, event.counter),
            error: null,
          }
        : {},
    ),
    stepForward: assign(({ context }) => ({ step: clampStep(context.step + 1) })),
    stepBack: assign(({ context }) => ({ step: clampStep(context.step - 1), errors: {}, error: null })),
    assignMachines: assign((_, machines: ReadonlyArray<MachineSummary>) => ({ machines })),
    assignStepTwo: assign(({ context, event }) =>
      event.type === "wizard.submit"
        ? {
            errors: stepTwoErrors(context.machines ?? [], event),
            error: null,
            pending:
              event.machine !== null && event.start_date !== null && context.cluster !== null
                ? {
                    counter: context.counter as CounterId,
                    cluster: context.cluster,
                    machine: event.machine,
                    start_date: event.start_date,
                    end_date: event.end_date,
                  }
                : null,
          }
        : {},
    ),
    assignError: assignError(),
  },
}).createMachine({
  id: "associationWizard",
  description: "Put a box on a machine in two steps.",
  context: ({ input }) => ({
    step: 1,
    start: proposedStart(input.now ?? Date.now()),
    cluster: null,
    counter: input.counter ?? "",
    counters: null,
    machines: null,
    errors: {},
    error: null,
    pending: null,
    created: null,
  }),
  initial: "loadingCounters",
  states: {
    loadingCounters: {
      description: "Loading the boxes of the person's structures.",
      tags: ["busy"],
      invoke: {
        id: "loadCounters",
        src: "loadCounters",
        onDone: {
          description: "The boxes arrived: step 1.",
          target: "stepOne",
          actions: { type: "assignCounters", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The boxes could not be loaded.",
      on: { "wizard.retry": { description: "Try again.", target: "loadingCounters" } },
    },
    stepOne: {
      description: "Step 1: the structure and the box.",
      on: {
        "wizard.next": [
          {
            description: "A structure and one of its boxes: load its machines, step 2.",
            guard: "stepOneValid",
            target: "loadingMachines",
            actions: ["assignStepOne", "stepForward"],
          },
          {
            description: "A box typed that is not one of the structure's: says the selection does not exist.",
            guard: "counterUnknown",
            actions: "assignStepOne",
          },
          { description: "Structure or box missing: say which.", actions: "assignStepOne" },
        ],
      },
    },
    loadingMachines: {
      description: "Loading the structure's machines.",
      tags: ["busy"],
      invoke: {
        id: "loadMachines",
        src: "loadMachines",
        input: ({ context }) => context.cluster as ClusterId,
        onDone: {
          description: "The machines arrived.",
          target: "stepTwo",
          actions: { type: "assignMachines", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused or unreachable: back to step 1 with the message.",
          target: "stepOne",
          actions: ["stepBack", { type: "assignError", params: errorParams }],
        },
      },
    },
    stepTwo: {
      description: "Step 2: the machine, the start date, an optional end date.",
      on: {
        "wizard.back": { description: "Back to step 1.", target: "stepOne", actions: "stepBack" },
        "wizard.submit": [
          {
            description: "Complete: create the association.",
            guard: "stepTwoValid",
            target: "submitting",
            actions: "assignStepTwo",
          },
          {
            description: "Machine or start date missing: say which.",
            guard: "stepTwoIncomplete",
            actions: "assignStepTwo",
          },
          {
            description: "Inconsistent (end not after the start, machine unknown): say which.",
            actions: "assignStepTwo",
          },
        ],
      },
    },
    submitting: {
      description: "Creating the association.",
      tags: ["busy"],
      invoke: {
        id: "associate",
        src: "associate",
        input: ({ context }) => context.pending as Association,
        onDone: {
          description: "Created.",
          target: "done",
          actions: assign({ created: ({ event }) => event.output }),
        },
        onError: {
          description: "Refused (overlap, right, unknown) or unreachable: step 2 with the message.",
          target: "stepTwo",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    done: {
      description: "The box is on the machine.",
      type: "final",
    },
  },
  output: ({ context }) => context.created as CounterAssociation,
})
