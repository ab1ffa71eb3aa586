// Size: one chart of 6 states and 12 described transitions: one configuration, kept whole.
// Its values and checks are in bookingForm.values.ts.
/**
 * The booking form (/ActionBooking): a new booking, or one being edited (PUT /machines/{id}/booking).
 *
 * Input: { booking (id when editing, else null), prefill (the link's machine, employee, structure,
 * start, end), me (the person: the booking is for them unless they pick another member) }.
 * Events the view sends:
 * - `bookingForm.pickCluster` { cluster }: the structure; its members and the fields a booking
 *   there may name load (the view drops the resources and fields of the previous one: `forCluster`).
 * - `bookingForm.submit` { values }: the typed values (ordered resources, user, dates…), checked
 *   with BookingInput, then sent; the id was chosen once when the form loaded
 *   (bookingForm.actors.ts), so a retried submit never books twice.
 * - `bookingForm.retry`: load again after a failure.
 * Read: `loadFailed`, `editing` (`context.members`, `context.fields` (null while loading, [] when
 * they cannot be read), `context.values` the values to start from or last sent, `context.errors` per field, `context.error` the summary or the
 * server's refusal, `context.unavailable` the names a 409 gave), `saved` (final; output: the booking).
 * Named action the view provides: `handOverSaved` { booking } (the server's answer), once saved.
 */
import { assign, setup } from "xstate"
import type { Booking, BookingFieldOption } from "../../schema/booking"
import type { BookingId, ClusterId, MachineId, UserId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import type { FieldErrors } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"
import {
  type BookingFormData,
  type BookingFormValues,
  type BookingPrefill,
  emptyValues,
  firstCluster,
  firstValues,
  pathMachine,
  toInput,
} from "./bookingForm.values"

export type BookingFormEvent =
  | { type: "bookingForm.pickCluster"; cluster: ClusterId }
  | { type: "bookingForm.submit"; values: BookingFormValues }
  | { type: "bookingForm.retry" }

export interface BookingFormInput {
  readonly booking: BookingId | null
  readonly prefill: BookingPrefill
  readonly me: UserId | null
}
export interface BookingFormContext extends BookingFormInput {
  readonly data: BookingFormData | null
  readonly cluster: ClusterId | null
  readonly members: ReadonlyArray<Member> | null
  readonly fields: ReadonlyArray<BookingFieldOption> | null
  readonly values: BookingFormValues
  readonly errors: FieldErrors
  readonly error: MessageCode | null
  readonly unavailable: ReadonlyArray<string>
  readonly saved: Booking | null
}
export interface BookingSave {
  readonly machine: MachineId
  readonly input: Extract<ReturnType<typeof toInput>, { input: unknown }>["input"]
}

const namesOf = (error: unknown): ReadonlyArray<string> => {
  const resources = (error as { resources?: ReadonlyArray<{ name: string }> } | null)?.resources
  return Array.isArray(resources) ? resources.map((r) => r.name) : []
}

export const bookingFormMachine = setup({
  types: {
    context: {} as BookingFormContext,
    events: {} as BookingFormEvent,
    input: {} as BookingFormInput,
    output: {} as Booking,
  },
  actors: {
    loadForm: unbound<BookingFormData, BookingId | null>(),
    loadMembers: unbound<ReadonlyArray<Member>, ClusterId | null>(),
    loadFields: unbound<ReadonlyArray<BookingFieldOption>, ClusterId | null>(),
    saveBooking: unbound<Booking, BookingSave>(),
  },
  guards: {
    isValid: ({ context, event }) =>
      event.type === "bookingForm.submit" && "input" in toInput(context.data?.id ?? null, event.values),
  },
  actions: {
    assignData: assign(({ context }, data: BookingFormData) => ({
      data,
      cluster: firstCluster(data, context.prefill),
      values: firstValues(data, context.prefill, context.me),
      error: null,
    })),
    assignSaved: assign((_, saved: Booking) => ({ saved })),
    /** Provided by the view: the saved booking goes on to the booking chart, not read again. */
    handOverSaved: (_, _booking: Booking) => {},
    assignMembers: assign((_, members: ReadonlyArray<Member>) => ({ members })),
    assignFields: assign((_, fields: ReadonlyArray<BookingFieldOption>) => ({ fields })),
    assignCluster: assign(({ event }) =>
      event.type === "bookingForm.pickCluster" ? { cluster: event.cluster, members: null, fields: null } : {},
    ),
    assignValues: assign(({ event }) =>
      event.type === "bookingForm.submit" ? { values: event.values } : {},
    ),
    assignProblems: assign(({ context }) => {
      const result = toInput(context.data?.id ?? null, context.values)
      return "errors" in result ? { errors: result.errors, error: result.summary, unavailable: [] } : {}
    }),
    clearProblems: assign({ errors: {}, error: null, unavailable: [] }),
    assignError: assignError((error) => ({ unavailable: namesOf(error) })),
  },
}).createMachine({
  id: "bookingForm",
  description: "Booking machines and employees, in order, for a period: a new booking, or one edited.",
  context: ({ input }) => ({
    ...input,
    data: null,
    cluster: null,
    members: null,
    fields: null,
    values: emptyValues,
    errors: {},
    error: null,
    unavailable: [],
    saved: null,
  }),
  initial: "loading",
  states: {
    loading: {
      description:
        "Loading the person's structures with their rights, the machines they see, the booking edited.",
      tags: ["busy"],
      invoke: {
        id: "loadForm",
        src: "loadForm",
        input: ({ context }) => context.booking,
        onDone: {
          description: "Everything arrived: the form shows, filled from the booking or the link.",
          target: "editing",
          actions: { type: "assignData", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable, or the booking is not visible (404): the message shows.",
          target: "loadFailed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    loadFailed: {
      description: "The form could not be prepared.",
      on: { "bookingForm.retry": { description: "Try again.", target: "loading" } },
    },
    editing: {
      description:
        "The form is shown; the chosen structure's members load for the employees and 'pour', its fields for 'Parcelles'.",
      invoke: [
        {
          id: "loadMembers",
          src: "loadMembers",
          input: ({ context }) => context.cluster,
          onDone: {
            description: "The members arrived.",
            actions: { type: "assignMembers", params: ({ event }) => event.output },
          },
          onError: {
            description: "Members unreadable (not a member): no employee can be added.",
            actions: { type: "assignMembers", params: () => [] },
          },
        },
        {
          id: "loadFields",
          src: "loadFields",
          input: ({ context }) => context.cluster,
          onDone: {
            description: "The fields a booking in the structure may name arrived.",
            actions: { type: "assignFields", params: ({ event }) => event.output },
          },
          onError: {
            description:
              "Fields unreadable (no 'Voir les machines', or unreachable): only the booking's own fields show.",
            actions: { type: "assignFields", params: () => [] },
          },
        },
      ],
      initial: "idle",
      states: {
        idle: {
          description: "Typing; a refusal or the problems of the last try stay shown until the next.",
          on: {
            "bookingForm.pickCluster": {
              description: "Another structure: its members and fields load.",
              target: "#bookingForm.editing",
              reenter: true,
              actions: "assignCluster",
            },
            "bookingForm.submit": [
              {
                description: "Complete and coherent: send it.",
                guard: "isValid",
                target: "submitting",
                actions: ["assignValues", "clearProblems"],
              },
              {
                description:
                  "Something missing or wrong: each field says what, 'Formulaire incomplet' sums up.",
                actions: ["assignValues", "assignProblems"],
              },
            ],
          },
        },
        submitting: {
          description: "Sending the booking (same id on every try: never booked twice).",
          tags: ["busy"],
          invoke: {
            id: "saveBooking",
            src: "saveBooking",
            input: ({ context }) => {
              const result = toInput(context.data?.id ?? null, context.values) as {
                input: BookingSave["input"]
              }
              return { machine: pathMachine(context.values) as MachineId, input: result.input }
            },
            onDone: {
              description: "Booked (requested): the booking opens.",
              target: "#bookingForm.saved",
              actions: [
                { type: "assignSaved", params: ({ event }) => event.output },
                { type: "handOverSaved", params: ({ event }) => event.output },
              ],
            },
            onError: {
              description:
                "Refused (409 a resource is taken: named; 400/403/404 translated): the form stays filled.",
              target: "idle",
              actions: { type: "assignError", params: errorParams },
            },
          },
        },
      },
    },
    saved: {
      description: "Saved: the view goes back where the person came from, or to the booking.",
      type: "final",
    },
  },
  output: ({ context }) => context.saved as Booking,
})
