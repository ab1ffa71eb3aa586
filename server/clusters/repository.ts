import { SqlClient, type Statement } from "@effect/sql"
import { Effect } from "effect"
import type { ClusterEdit, ClusterInput, MemberRole } from "../../src/schema/cluster"
import { byUserName } from "../../src/schema/membership"
import type { Right } from "../../src/schema/rights"
import { textArray } from "../db/columns"
import { decodeAll, decodeSingle, first, IdRow } from "../db/decode"
import {
  byName,
  ClusterRow,
  DirectoryRow,
  MemberRow,
  MembershipRow,
  toCluster,
  toDirectoryEntry,
  toMember,
} from "./rows"

export { byName, type MembershipRow } from "./rows"

const accented = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ"
const plain = "aaaaaaceeeeiiiinooooouuuuyy"
/** Lower case without accents, the same way as the directory's SQL: "Vallée" is found by "VALLEE". */
const fold = (text: string) => [...text.toLowerCase()].map((c) => plain[accented.indexOf(c)] ?? c).join("")

/** SQL of structures and memberships. SQL faults are defects (500), never typed failures. */
export class ClustersRepo extends Effect.Service<ClustersRepo>()("ClustersRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const selectClusters = (userId: string, where: Statement.Fragment) =>
      sql`
        SELECT c.id, c.name, c.type, c.kind, c.vat_number, c.description, c.address, c.default_rights,
               m.role AS my_role, m.rights AS my_rights,
               (SELECT count(*)::int FROM memberships x WHERE x.cluster_id = c.id) AS member_count
        FROM clusters c JOIN memberships m ON m.cluster_id = c.id AND m.user_id = ${userId}
        WHERE ${where}`.pipe(
        decodeAll(ClusterRow),
        Effect.map((rows) => rows.map(toCluster)),
      )
    const selectMembers = (where: Statement.Fragment) =>
      sql`
        SELECT u.id, u.email, u.firstname, u.lastname, u.name, m.role, m.rights, m.joined_at
        FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${where}`.pipe(
        decodeAll(MemberRow),
        Effect.map((rows) => rows.map(toMember).sort((a, b) => byUserName(a.user, b.user))),
      )
    const run = (statement: Effect.Effect<unknown, unknown>) => statement.pipe(Effect.asVoid, Effect.orDie)
    return {
      /** The structure as `userId` (a member) sees it, or undefined. */
      get: (clusterId: string, userId: string) =>
        selectClusters(userId, sql`c.id = ${clusterId}`).pipe(Effect.map(first)),
      listFor: (userId: string) =>
        selectClusters(userId, sql`true`).pipe(Effect.map((rows) => [...rows].sort(byName))),
      insert: (c: ClusterInput, defaults: ReadonlyArray<Right>) =>
        sql`
          INSERT INTO clusters (name, type, kind, vat_number, description, address, default_rights)
          VALUES (${c.name}, ${c.type}, ${c.kind}, ${c.vatNumber}, ${c.description},
                  ${JSON.stringify({ ...c.address })}::jsonb, ${textArray(defaults)}::text[])
          RETURNING id`.pipe(
          decodeSingle(IdRow),
          Effect.map((row) => row.id),
        ),
      update: (id: string, e: ClusterEdit) =>
        run(sql`UPDATE clusters SET
            name = COALESCE(${e.name ?? null}, name),
            type = COALESCE(${e.type ?? null}, type),
            kind = COALESCE(${e.kind ?? null}, kind),
            vat_number = CASE WHEN ${e.vatNumber !== undefined} THEN ${e.vatNumber ?? null} ELSE vat_number END,
            description = CASE WHEN ${e.description !== undefined} THEN ${e.description ?? null} ELSE description END,
            address = COALESCE(${e.address ? JSON.stringify({ ...e.address }) : null}::jsonb, address)
          WHERE id = ${id}`),
      delete: (id: string) => run(sql`DELETE FROM clusters WHERE id = ${id}`),
      setDefaultRights: (id: string, rights: ReadonlyArray<Right>) =>
        run(sql`UPDATE clusters SET default_rights = ${textArray(rights)}::text[] WHERE id = ${id}`),
      /** Locks the structure row (and so its membership changes) until the transaction ends; false if absent. */
      lock: (id: string) =>
        // NO KEY UPDATE, as the joining paths take it: serialises changes of members without
        // blocking the foreign-key checks of rows that reference the structure.
        sql`SELECT id FROM clusters WHERE id = ${id} FOR NO KEY UPDATE`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      memberships: (id: string) =>
        sql`SELECT user_id, role, rights FROM memberships WHERE cluster_id = ${id}`.pipe(
          decodeAll(MembershipRow),
        ),
      members: (id: string) => selectMembers(sql`m.cluster_id = ${id}`),
      member: (id: string, userId: string) =>
        selectMembers(sql`m.cluster_id = ${id} AND m.user_id = ${userId}`).pipe(Effect.map(first)),
      addMember: (id: string, userId: string, role: MemberRole, rights: ReadonlyArray<Right>) =>
        run(sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
          VALUES (${id}, ${userId}, ${role}, ${textArray(rights)}::text[])`),
      updateMember: (
        id: string,
        userId: string,
        role: MemberRole | undefined,
        rights: ReadonlyArray<Right> | undefined,
      ) =>
        run(sql`UPDATE memberships SET
            role = COALESCE(${role ?? null}, role),
            rights = COALESCE(${rights ? textArray(rights) : null}::text[], rights)
          WHERE cluster_id = ${id} AND user_id = ${userId}`),
      /** Gives every member but `exceptUserId` exactly `rights`. */
      setAllMembersRights: (id: string, rights: ReadonlyArray<Right>, exceptUserId: string) =>
        run(sql`UPDATE memberships SET rights = ${textArray(rights)}::text[]
          WHERE cluster_id = ${id} AND user_id <> ${exceptUserId}`),
      /** Removes the membership and the person's grants on the structure's machines. */
      deleteMember: (id: string, userId: string) =>
        run(
          Effect.all([
            sql`DELETE FROM machine_grants WHERE user_id = ${userId}
            AND machine_id IN (SELECT id FROM machines WHERE cluster_id = ${id})`,
            sql`DELETE FROM memberships WHERE cluster_id = ${id} AND user_id = ${userId}`,
          ]),
        ),
      directory: (q: string, userId: string) => {
        const pattern = `%${fold(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        return sql`
          SELECT c.id, c.name, c.type, c.kind, c.address->>'city' AS city,
            CASE
              WHEN EXISTS (SELECT 1 FROM memberships m WHERE m.cluster_id = c.id AND m.user_id = ${userId}) THEN 'member'
              WHEN EXISTS (SELECT 1 FROM membership_requests r
                           WHERE r.cluster_id = c.id AND r.user_id = ${userId} AND r.status = 'pending') THEN 'requested'
              ELSE 'none'
            END AS mine
          FROM clusters c WHERE translate(lower(c.name), ${accented}, ${plain}) LIKE ${pattern}`.pipe(
          decodeAll(DirectoryRow),
          Effect.map((rows) => [...rows].sort(byName).slice(0, 20).map(toDirectoryEntry)),
        )
      },
    }
  }),
}) {}
