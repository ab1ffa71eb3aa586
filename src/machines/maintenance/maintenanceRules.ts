/**
 * The "Règles d'entretien" tab (docs/maintenance.md): the maintenance profiles, their rules and
 * the machines they apply to; whoever manages the machines of every structure a profile names
 * creates it and edits it (its name, structures, "soon" share, rules and machines at once).
 *
 * Events the view sends:
 * - `rules.retry`: load again after a failure.
 * - `rules.edit` { profile }: open the editor on that profile (null: a new one).
 * - `rules.cancel`: close it.
 * - `rules.save` { values, machines }: the editor as typed (`values` the profile's form, numbers as
 *   text, the share in percent; `machines` the ones ticked). A field's problem lands in
 *   `context.errors` (keys like `name`, `rules.0.frequency`) and nothing is sent; otherwise the
 *   profile is saved, then the machines ticked attached and the others detached.
 * Read: `loading`, `ready`, `saving`, `failed`; `context.profiles`, `context.clusters` (where the
 * person manages machines), `context.machines` (the machines they see), `context.editing` (the
 * profile's id, "new", or null), `context.errors`, `context.error`, `context.saved` (the name of the
 * profile last saved); the tag `busy`.
 */
import { type ActorRefFrom, assign, setup } from "xstate"
import type { ClusterRef } from "../../schema/cluster"
import type { MachineId, MaintenanceProfileId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import {
  type MaintenanceProfile,
  type MaintenanceProfileInput,
  ProfileForm,
  profileInputOf,
} from "../../schema/maintenance"
import type { MessageCode } from "../../schema/messages"
import { type FieldErrors, validate } from "../lib/form"
import { assignError, errorParams, firstLoad, unbound } from "../lib/kit"

/** The profile's form as typed. */
export type ProfileValues = typeof ProfileForm.Encoded

export type MaintenanceRulesEvent =
  | { type: "rules.retry" }
  | { type: "rules.edit"; profile: MaintenanceProfileId | null }
  | { type: "rules.cancel" }
  | { type: "rules.save"; values: ProfileValues; machines: ReadonlyArray<MachineId> }

/** What the tab shows: the profiles, and what an editor offers. */
export interface RulesData {
  readonly profiles: ReadonlyArray<MaintenanceProfile>
  /** The structures where the person manages machines (a profile may name them). */
  readonly clusters: ReadonlyArray<typeof ClusterRef.Type>
  readonly machines: ReadonlyArray<MachineSummary>
}

export interface MaintenanceRulesContext {
  readonly data: RulesData | null
  readonly editing: MaintenanceProfileId | "new" | null
  /** The profile being saved. */
  readonly sending: string | null
  readonly errors: FieldErrors
  readonly error: MessageCode | null
  readonly saved: string | null
}

/** What the save call is given: the profile, then the machines to attach and to detach. */
export interface ProfileSave {
  readonly profile: MaintenanceProfileInput
  readonly attach: ReadonlyArray<MachineId>
  readonly detach: ReadonlyArray<MachineId>
}

type Save = Extract<MaintenanceRulesEvent, { type: "rules.save" }>

/**
 * The calls a save makes: the machines ticked among those of the structures named, attached when
 * not yet; the profile's others (untick, or of a structure no longer named) detached.
 */
export const profileSave = (
  data: RulesData | null,
  form: ProfileForm,
  ticked: ReadonlyArray<MachineId>,
): ProfileSave => {
  const named = new Set<string>(form.clusters)
  const kept = new Set<string>(
    ticked.filter((id) => data?.machines.some((m) => m.id === id && named.has(m.cluster.id))),
  )
  const had = new Set<string>(data?.profiles.find((p) => p.id === form.id)?.machines.map((m) => m.id) ?? [])
  return {
    profile: profileInputOf(form),
    attach: [...kept].filter((id) => !had.has(id)) as Array<MachineId>,
    detach: [...had].filter((id) => !kept.has(id)) as Array<MachineId>,
  }
}

const cleared = { errors: {}, error: null, saved: null }

export const maintenanceRulesMachine = setup({
  types: {
    context: {} as MaintenanceRulesContext,
    events: {} as MaintenanceRulesEvent,
  },
  actors: {
    loadRules: unbound<RulesData, void>(),
    saveProfile: unbound<RulesData, ProfileSave>(),
  },
  guards: {
    valid: ({ event }) => event.type === "rules.save" && validate(ProfileForm, event.values).ok,
  },
  actions: {
    assignData: assign((_, data: RulesData) => ({ data })),
    assignError: assignError<MaintenanceRulesContext, MaintenanceRulesEvent>(),
  },
}).createMachine({
  id: "maintenanceRules",
  description: "The maintenance profiles and their rules; creating and editing one.",
  context: { data: null, editing: null, sending: null, ...cleared },
  initial: "loading",
  states: {
    ...firstLoad({
      src: "loadRules",
      assign: "assignData",
      retry: "rules.retry",
      loading: "Reading the profiles, the structures and the machines.",
      done: "The profiles are listed.",
      failed: "Nothing could be read: the message, and a retry.",
    }),
    ready: {
      description: "The profiles are listed; the editor may be open.",
      on: {
        "rules.edit": {
          description: "Open the editor on a profile, or on a new one.",
          actions: assign(({ event }) => ({ editing: event.profile ?? ("new" as const), ...cleared })),
        },
        "rules.cancel": {
          description: "Close the editor, nothing saved.",
          actions: assign({ editing: null, errors: {}, error: null }),
        },
        "rules.save": [
          {
            description: "The form reads right: save it.",
            guard: "valid",
            target: "saving",
            actions: assign(({ event }) => ({ sending: event.values.id, ...cleared })),
          },
          {
            description: "A field is wrong: say which, send nothing.",
            actions: assign(({ event }) => {
              const result = validate(ProfileForm, event.values)
              return { errors: result.ok ? {} : result.errors, error: null, saved: null }
            }),
          },
        ],
      },
    },
    saving: {
      description: "Saving the profile and its machines, then reading the profiles again.",
      tags: ["busy"],
      invoke: {
        id: "saveProfile",
        src: "saveProfile",
        input: ({ context, event }) => {
          const { values, machines } = event as Save
          const form = validate(ProfileForm, values)
          if (!form.ok) throw new Error("saving an invalid form")
          return profileSave(context.data, form.value, machines)
        },
        onDone: {
          description: "Saved: the editor closes, the list shows the profile as saved.",
          target: "ready",
          actions: [
            { type: "assignData", params: ({ event }) => event.output },
            assign(({ context }) => ({
              editing: null,
              sending: null,
              saved: context.data?.profiles.find((p) => p.id === context.sending)?.name ?? null,
            })),
          ],
        },
        onError: {
          description:
            "Refused (a rule in use elsewhere, a right withdrawn) or unreachable: the editor stays.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})

export type MaintenanceRulesMachine = typeof maintenanceRulesMachine
export type MaintenanceRulesActor = ActorRefFrom<MaintenanceRulesMachine>
