import { SqlClient, type Statement } from "@effect/sql"
import { Context, DateTime, Effect, Layer } from "effect"
import {
  Cluster,
  ClusterDirectoryEntry,
  type ClusterEdit,
  type ClusterInput,
  type MemberRole,
} from "../../src/schema/cluster"
import { ClusterId, UserId } from "../../src/schema/ids"
import { byUserName, Member, UserSummary } from "../../src/schema/membership"
import { rights as allRights, type Right } from "../../src/schema/rights"
import { Address } from "../../src/schema/user"

const parseJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)
const known = (list: ReadonlyArray<string>): ReadonlyArray<Right> => allRights.filter((r) => list.includes(r))

/** Names sorted the way a French reader expects: case and accents ignored, then by id for stability. */
export const byName = <A extends { name: string; id: string }>(a: A, b: A): number =>
  a.name.localeCompare(b.name, "fr", { sensitivity: "base" }) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

const accented = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ"
const plain = "aaaaaaceeeeiiiinooooouuuuyy"
/** Lower case without accents, the same way as the directory's SQL: "Vallée" is found by "VALLEE". */
const fold = (text: string) => [...text.toLowerCase()].map((c) => plain[accented.indexOf(c)] ?? c).join("")

/** Rights arrays travel as one text value (`{a,b}`): both drivers read it the same way. */
export const textArray = (list: ReadonlyArray<string>) => `{${list.join(",")}}`

interface ClusterRow {
  readonly id: string
  readonly name: string
  readonly type: Cluster["type"]
  readonly kind: Cluster["kind"]
  readonly vat_number: string | null
  readonly description: string | null
  readonly address: unknown
  readonly default_rights: ReadonlyArray<string>
  readonly member_count: number
  readonly my_role: MemberRole
  readonly my_rights: ReadonlyArray<string>
}

const toCluster = (r: ClusterRow) =>
  new Cluster({
    id: ClusterId.make(r.id),
    name: r.name,
    type: r.type,
    kind: r.kind,
    vatNumber: r.vat_number,
    description: r.description,
    address: new Address(parseJson(r.address) as Address),
    defaultRights: known(r.default_rights),
    memberCount: Number(r.member_count),
    myRole: r.my_role,
    myRights: known(r.my_rights),
  })

export interface UserSummaryRow {
  readonly id: string
  readonly email: string
  readonly firstname: string
  readonly lastname: string
  readonly name: string | null
}

export const toUserSummary = (r: UserSummaryRow) =>
  new UserSummary({
    id: UserId.make(r.id),
    email: r.email,
    firstname: r.firstname,
    lastname: r.lastname,
    name: r.name,
  })

interface MemberRow extends UserSummaryRow {
  readonly role: MemberRole
  readonly rights: ReadonlyArray<string>
  readonly joined_at: Date | string
}

const toMember = (r: MemberRow) =>
  new Member({
    user: toUserSummary(r),
    role: r.role,
    rights: known(r.rights),
    joinedAt: DateTime.unsafeMake(new Date(r.joined_at)),
  })

export interface MembershipRow {
  readonly user_id: string
  readonly role: MemberRole
  readonly rights: ReadonlyArray<Right>
}

/** SQL of structures and memberships. SQL faults are defects (500), never typed failures. */
export class ClustersRepo extends Context.Tag("ClustersRepo")<
  ClustersRepo,
  {
    /** The structure as `userId` (a member) sees it, or undefined. */
    readonly get: (clusterId: string, userId: string) => Effect.Effect<Cluster | undefined>
    readonly listFor: (userId: string) => Effect.Effect<ReadonlyArray<Cluster>>
    readonly insert: (input: ClusterInput, defaultRights: ReadonlyArray<Right>) => Effect.Effect<string>
    readonly update: (clusterId: string, edit: ClusterEdit) => Effect.Effect<void>
    readonly delete: (clusterId: string) => Effect.Effect<void>
    readonly setDefaultRights: (clusterId: string, rights: ReadonlyArray<Right>) => Effect.Effect<void>
    /** Locks the structure row (and so its membership changes) until the transaction ends; false if absent. */
    readonly lock: (clusterId: string) => Effect.Effect<boolean>
    readonly memberships: (clusterId: string) => Effect.Effect<ReadonlyArray<MembershipRow>>
    readonly members: (clusterId: string) => Effect.Effect<ReadonlyArray<Member>>
    readonly member: (clusterId: string, userId: string) => Effect.Effect<Member | undefined>
    readonly addMember: (
      clusterId: string,
      userId: string,
      role: MemberRole,
      rights: ReadonlyArray<Right>,
    ) => Effect.Effect<void>
    readonly updateMember: (
      clusterId: string,
      userId: string,
      role: MemberRole | undefined,
      rights: ReadonlyArray<Right> | undefined,
    ) => Effect.Effect<void>
    /** Gives every member but `exceptUserId` exactly `rights`. */
    readonly setAllMembersRights: (
      clusterId: string,
      rights: ReadonlyArray<Right>,
      exceptUserId: string,
    ) => Effect.Effect<void>
    /** Removes the membership and the person's grants on the structure's machines. */
    readonly deleteMember: (clusterId: string, userId: string) => Effect.Effect<void>
    readonly directory: (q: string, userId: string) => Effect.Effect<ReadonlyArray<ClusterDirectoryEntry>>
  }
>() {}

export const ClustersRepoLive = Layer.effect(
  ClustersRepo,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const selectClusters = (userId: string, where: Statement.Fragment) =>
      sql<ClusterRow>`
        SELECT c.id, c.name, c.type, c.kind, c.vat_number, c.description, c.address, c.default_rights,
               m.role AS my_role, m.rights AS my_rights,
               (SELECT count(*)::int FROM memberships x WHERE x.cluster_id = c.id) AS member_count
        FROM clusters c JOIN memberships m ON m.cluster_id = c.id AND m.user_id = ${userId}
        WHERE ${where}`.pipe(Effect.map((rows) => rows.map(toCluster)))
    const selectMembers = (where: Statement.Fragment) =>
      sql<MemberRow>`
        SELECT u.id, u.email, u.firstname, u.lastname, u.name, m.role, m.rights, m.joined_at
        FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${where}`.pipe(
        Effect.map((rows) => rows.map(toMember).sort((a, b) => byUserName(a.user, b.user))),
      )
    return {
      get: (clusterId, userId) =>
        selectClusters(userId, sql`c.id = ${clusterId}`).pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      listFor: (userId) =>
        selectClusters(userId, sql`true`).pipe(
          Effect.map((rows) => [...rows].sort(byName)),
          Effect.orDie,
        ),
      insert: (c, defaults) =>
        sql<{ id: string }>`
          INSERT INTO clusters (name, type, kind, vat_number, description, address, default_rights)
          VALUES (${c.name}, ${c.type}, ${c.kind}, ${c.vatNumber}, ${c.description},
                  ${JSON.stringify({ ...c.address })}::jsonb, ${textArray(defaults)}::text[])
          RETURNING id`.pipe(
          Effect.map((rows) => rows[0].id),
          Effect.orDie,
        ),
      update: (id, e) =>
        sql`UPDATE clusters SET
            name = COALESCE(${e.name ?? null}, name),
            type = COALESCE(${e.type ?? null}, type),
            kind = COALESCE(${e.kind ?? null}, kind),
            vat_number = CASE WHEN ${e.vatNumber !== undefined} THEN ${e.vatNumber ?? null} ELSE vat_number END,
            description = CASE WHEN ${e.description !== undefined} THEN ${e.description ?? null} ELSE description END,
            address = COALESCE(${e.address ? JSON.stringify({ ...e.address }) : null}::jsonb, address)
          WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      delete: (id) => sql`DELETE FROM clusters WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      setDefaultRights: (id, rights) =>
        sql`UPDATE clusters SET default_rights = ${textArray(rights)}::text[] WHERE id = ${id}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      lock: (id) =>
        // NO KEY UPDATE, as the joining paths take it: serialises changes of members without
        // blocking the foreign-key checks of rows that reference the structure.
        sql`SELECT id FROM clusters WHERE id = ${id} FOR NO KEY UPDATE`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      memberships: (id) =>
        sql<{ user_id: string; role: MemberRole; rights: ReadonlyArray<string> }>`
          SELECT user_id, role, rights FROM memberships WHERE cluster_id = ${id}`.pipe(
          Effect.map((rows) => rows.map((r) => ({ ...r, rights: known(r.rights) }))),
          Effect.orDie,
        ),
      members: (id) => selectMembers(sql`m.cluster_id = ${id}`).pipe(Effect.orDie),
      member: (id, userId) =>
        selectMembers(sql`m.cluster_id = ${id} AND m.user_id = ${userId}`).pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        ),
      addMember: (id, userId, role, rights) =>
        sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
          VALUES (${id}, ${userId}, ${role}, ${textArray(rights)}::text[])`.pipe(Effect.asVoid, Effect.orDie),
      updateMember: (id, userId, role, rights) =>
        sql`UPDATE memberships SET
            role = COALESCE(${role ?? null}, role),
            rights = COALESCE(${rights ? textArray(rights) : null}::text[], rights)
          WHERE cluster_id = ${id} AND user_id = ${userId}`.pipe(Effect.asVoid, Effect.orDie),
      setAllMembersRights: (id, rights, exceptUserId) =>
        sql`UPDATE memberships SET rights = ${textArray(rights)}::text[]
          WHERE cluster_id = ${id} AND user_id <> ${exceptUserId}`.pipe(Effect.asVoid, Effect.orDie),
      deleteMember: (id, userId) =>
        Effect.all([
          sql`DELETE FROM machine_grants WHERE user_id = ${userId}
            AND machine_id IN (SELECT id FROM machines WHERE cluster_id = ${id})`,
          sql`DELETE FROM memberships WHERE cluster_id = ${id} AND user_id = ${userId}`,
        ]).pipe(Effect.asVoid, Effect.orDie),
      directory: (q, userId) => {
        const pattern = `%${fold(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        return sql<{
          id: string
          name: string
          type: Cluster["type"]
          kind: Cluster["kind"]
          city: string | null
          mine: "member" | "requested" | "none"
        }>`
          SELECT c.id, c.name, c.type, c.kind, c.address->>'city' AS city,
            CASE
              WHEN EXISTS (SELECT 1 FROM memberships m WHERE m.cluster_id = c.id AND m.user_id = ${userId}) THEN 'member'
              WHEN EXISTS (SELECT 1 FROM membership_requests r
                           WHERE r.cluster_id = c.id AND r.user_id = ${userId} AND r.status = 'pending') THEN 'requested'
              ELSE 'none'
            END AS mine
          FROM clusters c WHERE translate(lower(c.name), ${accented}, ${plain}) LIKE ${pattern}`.pipe(
          Effect.map((rows) =>
            [...rows]
              .sort(byName)
              .slice(0, 20)
              .map(
                (r) =>
                  new ClusterDirectoryEntry({
                    id: ClusterId.make(r.id),
                    name: r.name,
                    type: r.type,
                    kind: r.kind,
                    city: r.city ?? "",
                    mine: r.mine,
                  }),
              ),
          ),
          Effect.orDie,
        )
      },
    }
  }),
)
