import { Schema } from "effect"
import {
  Cluster,
  ClusterDirectoryEntry,
  ClusterKind,
  ClusterType,
  MemberRole,
} from "../../src/schema/cluster"
import { ClusterId } from "../../src/schema/ids"
import { Member } from "../../src/schema/membership"
import { Address } from "../../src/schema/user"
import { toUserSummary, UserSummaryColumns } from "../auth/userRows"
import { JsonColumn, KnownRights, UtcColumn } from "../db/columns"

/** Names sorted the way a French reader expects: case and accents ignored, then by id for stability. */
export const byName = <A extends { name: string; id: string }>(a: A, b: A): number =>
  a.name.localeCompare(b.name, "fr", { sensitivity: "base" }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** A structure as a member sees it, with the member's own role and rights. */
export const ClusterRow = Schema.Struct({
  id: ClusterId,
  name: Schema.String,
  type: ClusterType,
  kind: ClusterKind,
  vat_number: Schema.NullOr(Schema.String),
  description: Schema.NullOr(Schema.String),
  address: JsonColumn(Address),
  default_rights: KnownRights,
  member_count: Schema.Number,
  my_role: MemberRole,
  my_rights: KnownRights,
})

export const toCluster = (r: typeof ClusterRow.Type) =>
  new Cluster({
    id: r.id,
    name: r.name,
    type: r.type,
    kind: r.kind,
    vatNumber: r.vat_number,
    description: r.description,
    address: r.address,
    defaultRights: r.default_rights,
    memberCount: r.member_count,
    myRole: r.my_role,
    myRights: r.my_rights,
  })

export const MemberRow = Schema.Struct({
  ...UserSummaryColumns,
  role: MemberRole,
  rights: KnownRights,
  joined_at: UtcColumn,
})

export const toMember = (r: typeof MemberRow.Type) =>
  new Member({ user: toUserSummary(r), role: r.role, rights: r.rights, joinedAt: r.joined_at })

/** Who holds what in a structure (the "no right is lost" check reads it before and after a change). */
export const MembershipRow = Schema.Struct({ user_id: Schema.String, role: MemberRole, rights: KnownRights })
export type MembershipRow = typeof MembershipRow.Type

export const DirectoryRow = Schema.Struct({
  id: ClusterId,
  name: Schema.String,
  type: ClusterType,
  kind: ClusterKind,
  city: Schema.NullOr(Schema.String),
  mine: Schema.Literal("member", "requested", "none"),
})

export const toDirectoryEntry = (r: typeof DirectoryRow.Type) =>
  new ClusterDirectoryEntry({ ...r, city: r.city ?? "" })
