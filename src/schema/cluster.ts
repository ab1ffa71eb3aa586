import { Schema } from "effect"
import { ClusterId } from "./ids"
import { RightSet } from "./rights"
import { Address } from "./user"
import { Required } from "./validation"

/** SPEC §3: three structure types, each with its kinds. */
export const clusterKinds = {
  farm: ["dealer", "manufacturer", "company", "service"],
  sharing: ["cuma", "pooling"],
  enterprise: ["farm"],
} as const
export const ClusterType = Schema.Literal("farm", "sharing", "enterprise")
export type ClusterType = typeof ClusterType.Type
export const ClusterKind = Schema.Literal(
  "dealer",
  "manufacturer",
  "company",
  "service",
  "cuma",
  "pooling",
  "farm",
)
export type ClusterKind = typeof ClusterKind.Type

export const isKindOf = (type: ClusterType, kind: ClusterKind): boolean =>
  (clusterKinds[type] as ReadonlyArray<ClusterKind>).includes(kind)

/** SPEC §3 roles in a structure. Rights, not roles, decide what a member may do. */
export const MemberRole = Schema.Literal("employee", "partner", "member", "client")
export type MemberRole = typeof MemberRole.Type

const optionalText = (max: number) =>
  Schema.optionalWith(Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(max))), { default: () => null })

const kindMatchesType = <A extends { type?: ClusterType; kind?: ClusterKind }>(v: A) =>
  v.type === undefined ||
  v.kind === undefined ||
  isKindOf(v.type, v.kind) || { path: ["kind"], message: "invalidKind" }

/** Creating a structure (`POST /clusters`); the kind must belong to the type. */
export const ClusterInput = Schema.Struct({
  name: Required,
  type: ClusterType,
  kind: ClusterKind,
  vatNumber: optionalText(32),
  description: optionalText(2000),
  address: Address,
}).pipe(Schema.filter(kindMatchesType))
export type ClusterInput = typeof ClusterInput.Type

/** Editing a structure (`PATCH /clusters/{id}`): only what is sent changes; type and kind go together. */
export const ClusterEdit = Schema.Struct({
  name: Schema.optional(Required),
  type: Schema.optional(ClusterType),
  kind: Schema.optional(ClusterKind),
  vatNumber: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(32)))),
  description: Schema.optional(Schema.NullOr(Schema.Trim.pipe(Schema.maxLength(2000)))),
  address: Schema.optional(Address),
}).pipe(
  Schema.filter((v) =>
    (v.type === undefined) !== (v.kind === undefined)
      ? { path: ["kind"], message: "invalidKind" }
      : kindMatchesType(v),
  ),
)
export type ClusterEdit = typeof ClusterEdit.Type

/** A structure as its members see it, with the caller's own role and rights in it. */
export class Cluster extends Schema.Class<Cluster>("Cluster")({
  id: ClusterId,
  name: Schema.String,
  type: ClusterType,
  kind: ClusterKind,
  vatNumber: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  address: Address,
  defaultRights: RightSet,
  memberCount: Schema.Number,
  myRole: MemberRole,
  myRights: RightSet,
}) {}

export const ClusterRef = Schema.Struct({ id: ClusterId, name: Schema.String })
export type ClusterRef = typeof ClusterRef.Type

/** What anyone signed in can find to ask to join: no members, no address beyond the city. */
export class ClusterDirectoryEntry extends Schema.Class<ClusterDirectoryEntry>("ClusterDirectoryEntry")({
  id: ClusterId,
  name: Schema.String,
  type: ClusterType,
  kind: ClusterKind,
  city: Schema.String,
  /** The caller's standing: already a member, a request pending, or neither. */
  mine: Schema.Literal("member", "requested", "none"),
}) {}

export const DefaultRightsEdit = Schema.Struct({
  rights: RightSet,
  /**
   * Also give exactly this set to every other current member (the caller keeps their own);
   * otherwise existing members keep theirs.
   */
  applyToMembers: Schema.optionalWith(Schema.Boolean, { default: () => false }),
})
