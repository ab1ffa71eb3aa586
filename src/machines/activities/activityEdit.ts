/**
 * A person with the activity modification grant changes an activity (SPEC §6 "activity
 * modification right"; issue 16: "a person with the activity modification grant can change it,
 * and the change is kept"; issue 17: "correct the field, driver, implement, product type, the
 * member billed"): who the work is for (a member of the machine's structure), what was spread (a
 * product type of the catalogue), the fields it worked, its drivers and implements (what the
 * server offers for this activity).
 *
 * Input: `{ activity, cluster }` (the activity as listed, the machine's structure).
 * Events the view sends:
 * - `activityEdit.retry`: load the choices again after a failure.
 * - `activityEdit.save` (`edit`: the member and product type chosen; null clears one).
 * Named action the view provides: `reportSaved` (the activity as the server answered it).
 * Read: `loadingChoices`; `failed` (`context.error`); `editing` (`context.choices`, and
 * `context.error` after a refused save); `saving`; `saved` (final, output: the changed activity).
 */
import { assign, setup } from "xstate"
import type { Activity, ActivityCorrectionChoices, ActivityEdit, ProductTypeRef } from "../../schema/activity"
import type { ActivityId, ClusterId } from "../../schema/ids"
import type { Member } from "../../schema/membership"
import type { MessageCode } from "../../schema/messages"
import { assignError, errorParams, unbound } from "../lib/kit"

/**
 * What a person may choose from: the structure's members, the catalogue's product types, and the
 * fields, drivers and implements the activity may be corrected to.
 */
export interface ActivityChoices {
  readonly members: ReadonlyArray<Member>
  readonly productTypes: ReadonlyArray<typeof ProductTypeRef.Type>
  readonly corrections: ActivityCorrectionChoices
}

/** Which activity's choices, in which structure. */
export interface ChoicesAsk {
  readonly activity: ActivityId
  readonly cluster: ClusterId
}

export interface ActivitySave {
  readonly id: ActivityId
  readonly edit: typeof ActivityEdit.Type
}

export type ActivityEditEvent =
  | { type: "activityEdit.retry" }
  | { type: "activityEdit.save"; edit: typeof ActivityEdit.Type }

export interface ActivityEditContext {
  readonly activity: Activity
  readonly cluster: ClusterId
  readonly choices: ActivityChoices | null
  readonly error: MessageCode | null
}

export const activityEditMachine = setup({
  types: {
    context: {} as ActivityEditContext,
    events: {} as ActivityEditEvent,
    input: {} as { activity: Activity; cluster: ClusterId },
    output: {} as Activity,
  },
  actors: {
    loadChoices: unbound<ActivityChoices, ChoicesAsk>(),
    saveActivity: unbound<Activity, ActivitySave>(),
  },
  actions: {
    assignChoices: assign((_, choices: ActivityChoices) => ({ choices, error: null })),
    assignActivity: assign((_, activity: Activity) => ({ activity, error: null })),
    clearError: assign({ error: null }),
    assignError: assignError<ActivityEditContext, ActivityEditEvent>(),
    reportSaved: (_, _activity: Activity) => {},
  },
}).createMachine({
  id: "activityEdit",
  description: "Correcting who an activity is for, its product type, fields, drivers and implements.",
  context: ({ input }) => ({ activity: input.activity, cluster: input.cluster, choices: null, error: null }),
  initial: "loadingChoices",
  states: {
    loadingChoices: {
      description: "Asking for the structure's members, the product types, and the activity's other choices.",
      tags: ["busy"],
      invoke: {
        id: "loadChoices",
        src: "loadChoices",
        input: ({ context }) => ({ activity: context.activity.id, cluster: context.cluster }),
        onDone: {
          description: "The choices arrived.",
          target: "editing",
          actions: { type: "assignChoices", params: ({ event }) => event.output },
        },
        onError: {
          description: "Unreachable or refused.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    failed: {
      description: "The choices could not be loaded: the message, and a retry.",
      on: { "activityEdit.retry": { description: "Load the choices again.", target: "loadingChoices" } },
    },
    editing: {
      description:
        "The member, product type, fields, drivers and implements to choose, the activity as listed.",
      on: {
        "activityEdit.save": {
          description: "Send the choice.",
          target: "saving",
          actions: "clearError",
        },
      },
    },
    saving: {
      description: "Sending the change.",
      tags: ["busy"],
      invoke: {
        id: "saveActivity",
        src: "saveActivity",
        input: ({ context, event }) => ({
          id: context.activity.id,
          edit: (event as Extract<ActivityEditEvent, { type: "activityEdit.save" }>).edit,
        }),
        onDone: {
          description: "Kept: the activity as the server now has it.",
          target: "saved",
          actions: [
            { type: "assignActivity", params: ({ event }) => event.output },
            { type: "reportSaved", params: ({ event }) => event.output },
          ],
        },
        onError: {
          description:
            "Refused (a right lost, a person who is not a member) or unreachable: nothing changed.",
          target: "editing",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    saved: {
      description: "The change is kept.",
      type: "final",
    },
  },
  output: ({ context }) => context.activity,
})

export type ActivityEditMachine = typeof activityEditMachine
