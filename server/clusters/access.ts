import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { rights as allRights, type Right } from "../../src/schema/rights"

export interface Membership {
  readonly role: MemberRole
  readonly rights: ReadonlyArray<Right>
}

/**
 * The one place rights are read for a call: a structure the caller is not a member of is
 * invisible (404, never a hint that it exists); a member lacking the right gets 403 with SPEC
 * §6's message.
 */
export class Access extends Context.Tag("Access")<
  Access,
  {
    readonly membership: (clusterId: string, userId: string) => Effect.Effect<Membership | undefined>
    /** The caller's membership in the structure, or NotFound. */
    readonly member: (clusterId: string) => Effect.Effect<Membership, NotFound, CurrentUser>
    /** The caller's membership when it holds `right`: NotFound for outsiders, Forbidden otherwise. */
    readonly require: (
      clusterId: string,
      right: Right,
    ) => Effect.Effect<Membership, NotFound | Forbidden, CurrentUser>
  }
>() {}

const known = (list: ReadonlyArray<string>): ReadonlyArray<Right> => allRights.filter((r) => list.includes(r))

export const AccessLive = Layer.effect(
  Access,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const membership = (clusterId: string, userId: string) =>
      sql<{ role: MemberRole; rights: ReadonlyArray<string> }>`
        SELECT role, rights FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId}`.pipe(
        Effect.map((rows) => (rows[0] ? { role: rows[0].role, rights: known(rows[0].rights) } : undefined)),
        Effect.orDie,
      )
    const member = (clusterId: string) =>
      Effect.flatMap(CurrentUser, ({ id }) => membership(clusterId, id)).pipe(
        Effect.flatMap((m) => (m ? Effect.succeed(m) : Effect.fail(NotFound.of()))),
      )
    const require = (clusterId: string, right: Right) =>
      Effect.flatMap(member(clusterId), (m) =>
        m.rights.includes(right) ? Effect.succeed(m) : Effect.fail(Forbidden.of()),
      )
    return { membership, member, require }
  }),
)
