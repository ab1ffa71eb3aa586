import { Schema } from "effect"
import { ClusterRef, MemberRole } from "./cluster"
import { InvitationId, MembershipRequestId, UserId } from "./ids"
import { RightSet } from "./rights"
import { userLabel } from "./user"
import { Email } from "./validation"

/** A person as other members see them; labelled with `userLabel`, sorted with `byUserName`. */
export class UserSummary extends Schema.Class<UserSummary>("UserSummary")({
  id: UserId,
  email: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
}) {}

/**
 * A person named to someone who may not be a member of their structure (the inviter to the
 * invitee, the validator to a refused requester): a name, never an e-mail address or an id.
 */
export const PersonName = Schema.Struct({
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
})
export type PersonName = typeof PersonName.Type

export class Member extends Schema.Class<Member>("Member")({
  user: UserSummary,
  role: MemberRole,
  rights: RightSet,
  joinedAt: Schema.DateTimeUtc,
}) {}

/** `PATCH /clusters/{id}/members/{userId}`: a member's role and/or own rights. */
export const MemberEdit = Schema.Struct({
  role: Schema.optional(MemberRole),
  rights: Schema.optional(RightSet),
})
export type MemberEdit = typeof MemberEdit.Type

/**
 * Invitation lifecycle: sent → accepted | declined | cancelled. Only a sent invitation moves;
 * the server refuses any other move with `invitationClosed` (409).
 */
export const InvitationStatus = Schema.Literal("sent", "accepted", "declined", "cancelled")
export type InvitationStatus = typeof InvitationStatus.Type
export const invitationMoves = {
  accept: "accepted",
  decline: "declined",
  cancel: "cancelled",
} as const satisfies Record<string, InvitationStatus>

export class Invitation extends Schema.Class<Invitation>("Invitation")({
  id: InvitationId,
  cluster: ClusterRef,
  email: Schema.String,
  role: MemberRole,
  status: InvitationStatus,
  invitedBy: PersonName,
  createdAt: Schema.DateTimeUtc,
  answeredAt: Schema.NullOr(Schema.DateTimeUtc),
}) {}

export const InvitePayload = Schema.Struct({ email: Email, role: MemberRole })
export type InvitePayload = typeof InvitePayload.Type

/**
 * Membership request lifecycle (SPEC §4: pending validation, then accepted): pending → accepted |
 * refused, decided by a member holding 'validate membership request'; `requestClosed` (409) otherwise.
 */
export const MembershipRequestStatus = Schema.Literal("pending", "accepted", "refused")
export type MembershipRequestStatus = typeof MembershipRequestStatus.Type
export const requestMoves = { accept: "accepted", refuse: "refused" } as const satisfies Record<
  string,
  MembershipRequestStatus
>

export class MembershipRequest extends Schema.Class<MembershipRequest>("MembershipRequest")({
  id: MembershipRequestId,
  cluster: ClusterRef,
  user: UserSummary,
  role: MemberRole,
  status: MembershipRequestStatus,
  createdAt: Schema.DateTimeUtc,
  decidedAt: Schema.NullOr(Schema.DateTimeUtc),
}) {}

export const JoinPayload = Schema.Struct({ role: MemberRole })

/** Account lifecycle (SPEC §4): an invited unknown e-mail is `unconfigured` until finalised. */
export const AccountStatus = Schema.Literal("unconfigured", "finalised")
export type AccountStatus = typeof AccountStatus.Type

/** What the finalisation link shows before the person chooses a password. */
export const FinaliseInfo = Schema.Struct({
  email: Schema.String,
  cluster: Schema.NullOr(ClusterRef),
  invitedBy: Schema.NullOr(PersonName),
})
export type FinaliseInfo = typeof FinaliseInfo.Type

/**
 * Users sorted by name, case-insensitively (SPEC §9): by the label a person reads (the name when
 * there is one, else lastname firstname), accents and case ignored.
 */
export const byUserName = (
  a: { name: string | null; lastname: string; firstname: string },
  b: { name: string | null; lastname: string; firstname: string },
): number => userLabel(a).localeCompare(userLabel(b), "fr", { sensitivity: "base" })

/** What the ClusterUsers tab shows; a list the caller has no right to read is null (not asked). */
export interface ClusterPeople {
  readonly members: ReadonlyArray<Member>
  readonly invitations: ReadonlyArray<Invitation> | null
  readonly requests: ReadonlyArray<MembershipRequest> | null
}
