/**
 * The admin area's people (GET /admin/users): every account, by name, with its administrator flag,
 * status and structure count; making or unmaking an administrator (PUT /admin/users/{id}/admin).
 *
 * Events the view sends: `adminUsers.setAdmin` { user, admin } (asks first: the state
 * `confirming`, `context.pending` the change asked), `adminUsers.confirm`, `adminUsers.cancel`,
 * `adminUsers.retry`.
 * Read: `context.users` (null until loaded), `context.error` (a refusal: forbidden,
 * modificationNotAllowed for the last administrator), `context.saving` (the row being changed),
 * the states `forbidden` (not an administrator) and `failed`, the tag `busy`.
 */
import { assign, setup } from "xstate"
import type { AdminUser } from "../../schema/counter"
import type { UserId } from "../../schema/ids"
import type { MessageCode } from "../../schema/messages"
import { errorTag } from "../lib/form"
import { assignError, errorParams, unbound } from "../lib/kit"
import { adminLoadErrors } from "./adminLoad"

export type AdminUsersEvent =
  | { type: "adminUsers.setAdmin"; user: UserId; admin: boolean }
  | { type: "adminUsers.confirm" }
  | { type: "adminUsers.cancel" }
  | { type: "adminUsers.retry" }

export interface AdminUsersContext {
  readonly users: ReadonlyArray<AdminUser> | null
  readonly saving: UserId | null
  /** The change waiting for a confirmation. */
  readonly pending: { readonly user: UserId; readonly admin: boolean } | null
  readonly error: MessageCode | null
}

/** A refusal because the caller is not a platform administrator. */
export const isForbidden = (error: unknown): boolean => errorTag(error) === "Forbidden"

export const adminUsersMachine = setup({
  types: { context: {} as AdminUsersContext, events: {} as AdminUsersEvent },
  actors: {
    loadUsers: unbound<ReadonlyArray<AdminUser>>(),
    setAdmin: unbound<AdminUser, { user: UserId; admin: boolean }>(),
  },
  guards: {
    forbidden: (_, error: unknown) => isForbidden(error),
  },
  actions: {
    assignUsers: assign((_, users: ReadonlyArray<AdminUser>) => ({ users, error: null })),
    replaceUser: assign(({ context }, user: AdminUser) => ({
      users: (context.users ?? []).map((u) => (u.user.id === user.user.id ? user : u)),
      saving: null,
      pending: null,
      error: null,
    })),
    assignError: assignError(() => ({ saving: null, pending: null })),
  },
}).createMachine({
  id: "adminUsers",
  description: "Every account, for the platform administrators.",
  context: { users: null, saving: null, pending: null, error: null },
  initial: "loading",
  states: {
    loading: {
      description: "Loading the accounts.",
      tags: ["busy"],
      invoke: {
        id: "loadUsers",
        src: "loadUsers",
        onDone: {
          description: "The accounts arrived.",
          target: "ready",
          actions: { type: "assignUsers", params: ({ event }) => event.output },
        },
        onError: adminLoadErrors,
      },
    },
    forbidden: { description: "Reserved to the platform administrators." },
    failed: {
      description: "The accounts could not be loaded.",
      on: { "adminUsers.retry": { description: "Try again.", target: "loading" } },
    },
    ready: {
      description: "The accounts are listed.",
      on: {
        "adminUsers.setAdmin": {
          description: "Ask before making or unmaking an administrator (full platform rights).",
          target: "confirming",
          actions: assign(({ event }) => ({
            pending: { user: event.user, admin: event.admin },
            error: null,
          })),
        },
      },
    },
    confirming: {
      description: "Asking to confirm the change, naming the person.",
      on: {
        "adminUsers.confirm": {
          description: "Make or unmake the administrator.",
          target: "saving",
          actions: assign(({ context }) => ({ saving: context.pending?.user ?? null })),
        },
        "adminUsers.cancel": {
          description: "Change nothing.",
          target: "ready",
          actions: assign({ pending: null }),
        },
      },
    },
    saving: {
      description: "Changing one account's administrator flag.",
      tags: ["busy"],
      invoke: {
        id: "setAdmin",
        src: "setAdmin",
        input: ({ context }) => ({
          user: context.pending?.user ?? ("" as UserId),
          admin: context.pending?.admin ?? false,
        }),
        onDone: {
          description: "Changed: the row shows the answer.",
          target: "ready",
          actions: { type: "replaceUser", params: ({ event }) => event.output },
        },
        onError: {
          description: "Refused (the last administrator stays) or unreachable.",
          target: "ready",
          actions: { type: "assignError", params: errorParams },
        },
      },
    },
  },
})
