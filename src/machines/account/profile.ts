/**
 * Profile editing (/me: PUT /api/v2/me { edit }). Address is mandatory (SPEC §5).
 *
 * Input: { me } (the session's profile).
 * Events the view sends:
 * - `profile.save` { edit }: the form's values (firstname, lastname, name, phone, mobile,
 *   address { street, complement, postalCode, city, country }, language); validated here, field
 *   errors land in `context.errors` keyed by path ('address.city': 'required').
 * Read: `saved`, `failed` (`context.error` holds the message code), the tag `busy`.
 * Named actions the view provides, once saved: `handOverSaved` { me } (the session hears it),
 * `notifySaved` { me } (in the language just chosen), `navigateHome` (if held on /me).
 */
import { Schema } from "effect"
import { assign, setup } from "xstate"
import type { MessageCode } from "../../schema/messages"
import { Address, type Me, MeEdit } from "../../schema/user"
import { errorsOf, type FieldErrors, isValid } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"

/** The profile form: MeEdit with the address required. */
export const ProfileForm = Schema.Struct({ ...MeEdit.fields, address: Address })
export type ProfileEvent = { type: "profile.save"; edit: typeof ProfileForm.Encoded }

export interface ProfileContext {
  readonly me: Me
  readonly edit: typeof ProfileForm.Type | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
}

const saveTransitions = [
  { description: "Valid form: save it.", guard: "isFormValid", target: "saving", actions: "assignEdit" },
  { description: "Invalid fields: show their messages.", actions: "assignFieldErrors" },
] as const

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as { me: Me },
  },
  actors: {
    saveProfile: unbound<Me, typeof ProfileForm.Type>(),
  },
  guards: {
    isFormValid: ({ event }) => isValid(ProfileForm, event.edit),
  },
  actions: {
    assignEdit: assign({
      edit: ({ event }) => Schema.decodeUnknownSync(ProfileForm)(event.edit),
      errors: {},
      error: null,
    }),
    assignFieldErrors: assign({ errors: ({ event }) => errorsOf(ProfileForm, event.edit) }),
    assignMe: assign((_, me: Me) => ({ me })),
    assignError: assignError(),
    /** Provided by the view: the session hears the new profile (and keeps its language). */
    handOverSaved: (_, _me: Me) => {},
    /** Provided by the view: a notification says it is saved, in the language just chosen. */
    notifySaved: (_, _me: Me) => {},
    /** Provided by the view: a person held on /me for the address goes on to the rest of Sillon. */
    navigateHome: () => {},
  },
}).createMachine({
  id: "profile",
  description: "Editing the signed-in person's profile.",
  context: ({ input }) => ({ me: input.me, edit: null, errors: {}, error: null }),
  initial: "editing",
  states: {
    editing: {
      description: "The form shows the profile.",
      on: { "profile.save": [...saveTransitions] },
    },
    saving: {
      description: "Sending the changes.",
      tags: ["busy"],
      invoke: {
        id: "saveProfile",
        src: "saveProfile",
        input: ({ context }) => context.edit as typeof ProfileForm.Type,
        onDone: {
          description: "Saved: the answer is the new profile.",
          target: "saved",
          actions: [
            { type: "assignMe", params: ({ event }) => event.output },
            { type: "handOverSaved", params: ({ event }) => event.output },
            { type: "notifySaved", params: ({ event }) => event.output },
            "navigateHome",
          ],
        },
        onError: {
          description: "Refused or unreachable: the message shows.",
          target: "failed",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
    saved: {
      description: "Saved: the session hears the new profile; the form stays open.",
      on: { "profile.save": [...saveTransitions] },
    },
    failed: {
      description: "Not saved: the form keeps the typed values.",
      on: { "profile.save": [...saveTransitions] },
    },
  },
})
