import { rights as allRights, type Grant, type Right } from "../../src/schema/rights"

/**
 * Who may call what: every endpoint of SillonApi, every kind of caller, the answer expected.
 * server/authz/matrix.test.ts runs each cell against both databases, on fresh fixtures.
 *
 * Actors
 * - anonymous  no token, no account (a fresh e-mail where one is needed)
 * - visitor    an account holder calling without a token (public calls: sign-in, refresh…)
 * - outsider   signed in, member (with every right) of a third structure only
 * - holder     member of A holding exactly `holds`
 * - lacking    member of A holding every right but `lacks`
 * - self       member of A without rights, acting on their own record or notification
 * - invitee    not a member, with an open invitation to A
 * - requester  not a member, with a pending request to join A
 * - grantee    not a member of A, holding the `booking` and `management` grants on A's machine
 *
 * Targets: A = the structure those actors belong to (its machine, its member Bob, the invitation to
 * A, the request to join A, the actor's own notification); B = another structure none of them
 * belongs to (its machine, its member Bob, someone else's invitation, request, notification);
 * `-` = the call is about no structure. `A/guest`: in A, with `:userId` a person outside the actor's
 * reach (neither a member of A, nor the actor, nor one of the actor's delegated users).
 *
 * Expected: the status, then for refusals and conflicts the message code; a 403's French text is
 * spelt out in `frenchMessages` and checked word for word. A line may end with `@variant`: the
 * cell then runs with that entry of the endpoint's `variants` (other rights, body, fixtures).
 *
 * Fixtures keep every right held in A and B (the owner holds all 19) unless a variant says
 * otherwise, so a 2xx never depends on the "no right is lost" rule.
 */
export type Actor =
  | "anonymous"
  | "visitor"
  | "outsider"
  | "holder"
  | "lacking"
  | "self"
  | "invitee"
  | "requester"
  | "grantee"
export type Target = "A" | "B" | "-" | "A/guest"

/** What `:id` names in the endpoint's path; `:userId` is Bob (a member of A and B), or the actor for `self`. */
export type IdKind = "cluster" | "machine" | "invitation" | "request" | "notification"

/** What the call sends, from the cell's fixtures. */
export interface CallContext {
  readonly actor: { readonly email: string; readonly password: string; readonly refreshToken: string }
  readonly fresh: () => string
}

/** What a `@variant` cell changes in its world and call. */
export interface Variant {
  /** The holder's rights in A, instead of the endpoint's `holds`. */
  readonly holds?: ReadonlyArray<Right>
  /** The owner's rights in A (all 19 otherwise). */
  readonly owner?: ReadonlyArray<Right>
  /** Bob's rights in A (none otherwise). */
  readonly bob?: ReadonlyArray<Right>
  /** The actor's grants on A's machine (none otherwise; the grantee's are booking and management). */
  readonly grants?: ReadonlyArray<Grant>
  /** Who `:userId` names: Bob (the default) or the actor. */
  readonly user?: "bob" | "actor"
  readonly body?: (c: CallContext) => unknown
}

export interface EndpointRows {
  readonly id?: IdKind
  readonly holds?: ReadonlyArray<Right>
  readonly lacks?: Right
  readonly query?: (c: CallContext & { readonly cluster: string }) => Record<string, string>
  readonly headers?: (c: CallContext) => Record<string, string>
  readonly body?: (c: CallContext) => unknown
  readonly variants?: Record<string, Variant>
  /** A 200 answered to these actors must contain this object of A (a list that shows it). */
  readonly shows?: { readonly id: IdKind; readonly to: ReadonlyArray<Actor> }
  /** One cell a line: actor, target, expected status [code] [@variant]. */
  readonly cells: string
}

const allBut = (right: Right) => allRights.filter((r) => r !== right)

export const frenchMessages = {
  forbidden: "Vous ne possédez pas les droits pour effectuer ceci.",
  modificationNotAllowed: "Cette modification n'est pas autorisée",
  associationNotAllowed: "Cette association n'est pas autorisee",
} as const

const address = {
  street: "1 rue",
  complement: null,
  postalCode: "28000",
  city: "Chartres",
  country: "France",
}
const password = (c: CallContext) => ({ email: c.actor.email, password: c.actor.password })

export const matrix: Record<string, EndpointRows> = {
  "health.health": {
    cells: `
      anonymous  -  200`,
  },

  "auth.login": {
    body: password,
    cells: `
      anonymous  -  401 invalidCredentials
      visitor    -  200`,
  },
  "auth.askLoginCode": {
    body: (c) => ({ email: c.actor.email }),
    cells: `
      anonymous  -  202
      visitor    -  202`,
  },
  "auth.loginCode": {
    body: () => ({ code: "ABCDEFGHJK" }),
    cells: `
      anonymous  -  401 invalidLoginCode`,
  },
  "auth.refresh": {
    headers: (c) => ({ "x-refresh-token": c.actor.refreshToken }),
    cells: `
      anonymous  -  401
      visitor    -  200`,
  },
  "auth.logout": {
    headers: (c) => ({ "x-refresh-token": c.actor.refreshToken }),
    cells: `
      anonymous  -  204
      visitor    -  204`,
  },
  "auth.askResetPassword": {
    body: (c) => ({ email: c.actor.email }),
    cells: `
      anonymous  -  202
      visitor    -  202`,
  },
  "auth.finaliseInfo": {
    query: () => ({ token: "not-a-link" }),
    cells: `
      anonymous  -  400 invalidFinaliseLink`,
  },
  "auth.finalise": {
    body: () => ({ token: "not-a-link", firstname: "Anne", lastname: "Petit", password: "correct horse" }),
    cells: `
      anonymous  -  400 invalidFinaliseLink`,
  },
  "auth.resetPassword": {
    body: (c) => ({ email: c.actor.email, token: "not-a-link", password: "correct horse" }),
    cells: `
      anonymous  -  400 invalidResetToken
      visitor    -  400 invalidResetToken`,
  },

  "legacy.auth": {
    body: (c) => ({ user: password(c) }),
    cells: `
      anonymous  -  401 invalidCredentials
      visitor    -  200`,
  },
  "legacy.signup": {
    body: (c) => ({ newUser: { ...password(c), firstname: "Anne", lastname: "Petit" } }),
    cells: `
      anonymous  -  201
      visitor    -  409 emailTaken`,
  },

  "me.get": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "me.edit": {
    body: () => ({ edit: { firstname: "Annie" } }),
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "me.delegatedUsers": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },

  "clusters.list": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "clusters.create": {
    body: () => ({ name: "CUMA Neuve", type: "sharing", kind: "cuma", address }),
    cells: `
      anonymous  -  401
      outsider   -  201`,
  },
  "clusters.directory": {
    query: () => ({ q: "cuma" }),
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "clusters.get": {
    id: "cluster",
    holds: [],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  200
      holder     B  404`,
  },
  "clusters.edit": {
    id: "cluster",
    holds: ["editCluster"],
    lacks: "editCluster",
    body: () => ({ name: "Nouveau nom" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404`,
  },
  "clusters.remove": {
    id: "cluster",
    holds: ["deleteCluster"],
    lacks: "deleteCluster",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  204
      holder     B  404`,
  },
  "clusters.editDefaultRights": {
    id: "cluster",
    // A's defaults are seeMachines and bookMachine: taking bookMachine out needs holding it.
    holds: ["editCluster", "seeMachines", "bookMachine"],
    lacks: "editCluster",
    body: () => ({ rights: ["seeMachines"] }),
    variants: {
      addLacked: { body: () => ({ rights: ["seeMachines", "bookMachine", "deleteCluster"] }) },
      removeLacked: { holds: ["editCluster", "seeMachines"] },
      applyLacked: { body: () => ({ rights: ["seeMachines", "bookMachine"], applyToMembers: true }) },
      apply: { holds: allRights, body: () => ({ rights: ["seeMachines"], applyToMembers: true }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     A  403 modificationNotAllowed @addLacked
      holder     A  403 modificationNotAllowed @removeLacked
      holder     A  403 modificationNotAllowed @applyLacked
      holder     A  200 @apply
      holder     B  404`,
  },
  "clusters.members": {
    id: "cluster",
    holds: [],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  200
      holder     B  404`,
  },
  "clusters.editMember": {
    id: "cluster",
    holds: ["editCluster"],
    lacks: "editCluster",
    body: () => ({ role: "partner" }),
    variants: {
      addLacked: { body: () => ({ rights: ["deleteCluster"] }) },
      removeLacked: { bob: ["deleteCluster"], body: () => ({ rights: [] }) },
      removeHeld: {
        holds: ["editCluster", "seeMachines"],
        bob: ["seeMachines"],
        body: () => ({ rights: [] }),
      },
      lastHolder: {
        holds: allRights,
        owner: [],
        user: "actor",
        body: () => ({ rights: allBut("editCounters") }),
      },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  403 modificationNotAllowed @addLacked
      holder     A  403 modificationNotAllowed @removeLacked
      holder     A  200 @removeHeld
      holder     A  403 modificationNotAllowed @lastHolder
      holder     A/guest  404
      holder     B  404`,
  },
  "clusters.removeMember": {
    id: "cluster",
    holds: ["removeMember"],
    lacks: "removeMember",
    variants: {
      lastHolder: { owner: allBut("deleteCluster"), bob: ["deleteCluster"] },
      leaving: { holds: allRights, owner: [], user: "actor" },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  204
      holder     A  204
      holder     A  403 modificationNotAllowed @lastHolder
      holder     A  403 modificationNotAllowed @leaving
      holder     A/guest  404
      holder     B  404`,
  },

  "machines.list": {
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: (c): Record<string, string> => (c.cluster ? { cluster: c.cluster } : {}),
    shows: { id: "machine", to: ["holder", "grantee"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  200
      holder     A  200
      holder     B  404
      grantee    -  200
      grantee    A  404`,
  },
  "machines.usersAccess": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404`,
  },
  "machines.editUserAccess": {
    id: "machine",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    body: () => ({ grants: ["booking"] }),
    variants: {
      managementGrant: { holds: ["seeMachines"], grants: ["management"] },
      giveManagement: {
        holds: ["seeMachines"],
        grants: ["management"],
        body: () => ({ grants: ["management"] }),
      },
      rightGivesManagement: { body: () => ({ grants: ["management"] }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  200 @managementGrant
      holder     A  403 modificationNotAllowed @giveManagement
      holder     A  200 @rightGivesManagement
      holder     A/guest  403 associationNotAllowed
      holder     B  404
      grantee    A  403 forbidden`,
  },

  "membership.invitations": {
    id: "cluster",
    holds: ["addMember"],
    lacks: "addMember",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      invitee    A  404`,
  },
  "membership.invite": {
    id: "cluster",
    holds: ["addMember"],
    lacks: "addMember",
    body: (c) => ({ email: c.fresh(), role: "member" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  201
      holder     B  404`,
  },
  "membership.myInvitations": {
    cells: `
      anonymous  -  401
      outsider   -  200
      invitee    -  200`,
  },
  "membership.acceptInvitation": {
    id: "invitation",
    holds: ["addMember"],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  404
      invitee    A  200
      invitee    B  404`,
  },
  "membership.declineInvitation": {
    id: "invitation",
    holds: ["addMember"],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  404
      invitee    A  200
      invitee    B  404`,
  },
  "membership.cancelInvitation": {
    id: "invitation",
    holds: ["addMember"],
    lacks: "addMember",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      invitee    A  404`,
  },
  "membership.requestToJoin": {
    id: "cluster",
    holds: [],
    body: () => ({ role: "member" }),
    cells: `
      anonymous  A  401
      outsider   A  201
      holder     A  409 alreadyMember
      holder     B  201
      requester  A  409 alreadyRequested`,
  },
  "membership.requests": {
    id: "cluster",
    holds: ["validateMembership"],
    lacks: "validateMembership",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      requester  A  404`,
  },
  "membership.myRequests": {
    cells: `
      anonymous  -  401
      outsider   -  200
      requester  -  200`,
  },
  "membership.acceptRequest": {
    id: "request",
    holds: ["validateMembership"],
    lacks: "validateMembership",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      requester  A  404`,
  },
  "membership.refuseRequest": {
    id: "request",
    holds: ["validateMembership"],
    lacks: "validateMembership",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      requester  A  404`,
  },

  "notifications.list": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "notifications.markRead": {
    id: "notification",
    cells: `
      anonymous  A  401
      self       A  200
      self       B  404`,
  },
  "notifications.markAllRead": {
    cells: `
      anonymous  -  401
      outsider   -  204`,
  },
}

export interface Cell {
  readonly endpoint: string
  readonly actor: Actor
  readonly target: Target
  readonly status: number
  readonly code: string | undefined
  readonly variant: string | undefined
}

const actors: ReadonlyArray<Actor> = [
  "anonymous",
  "visitor",
  "outsider",
  "holder",
  "lacking",
  "self",
  "invitee",
  "requester",
  "grantee",
]

/** The matrix as a list of cells; a malformed line throws, naming it. */
export const cells = (): ReadonlyArray<Cell> =>
  Object.entries(matrix).flatMap(([endpoint, rows]) =>
    rows.cells
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .map((line) => {
        const words = line.split(/\s+/)
        const variant = words.at(-1)?.startsWith("@") ? words.pop()?.slice(1) : undefined
        const [actor, target, status, code, ...rest] = words
        if (
          (variant !== undefined && rows.variants?.[variant] === undefined) ||
          !actors.includes(actor as Actor) ||
          !["A", "B", "-", "A/guest"].includes(target) ||
          !/^\d{3}$/.test(status) ||
          rest.length > 0 ||
          (actor === "lacking" && rows.lacks === undefined) ||
          (target !== "-" && rows.id === undefined && endpoint !== "machines.list")
        )
          throw new Error(`authorization matrix, ${endpoint}: cannot read "${line}"`)
        return {
          endpoint,
          actor: actor as Actor,
          target: target as Target,
          status: Number(status),
          code,
          variant,
        }
      }),
  )
