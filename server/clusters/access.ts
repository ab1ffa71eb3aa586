import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { MemberRole } from "../../src/schema/cluster"
import { Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import type { Right } from "../../src/schema/rights"
import { KnownRights } from "../db/columns"
import { decodeFirst } from "../db/decode"

const Membership = Schema.Struct({ role: MemberRole, rights: KnownRights })
export type Membership = typeof Membership.Type

/**
 * The one place rights are read for a call: a structure the caller is not a member of is
 * invisible (404, never a hint that it exists); a member lacking the right gets 403 with SPEC
 * §6's message.
 */
export class Access extends Effect.Service<Access>()("Access", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const membership = (clusterId: string, userId: string) =>
      sql`SELECT role, rights FROM memberships WHERE cluster_id = ${clusterId} AND user_id = ${userId}`.pipe(
        decodeFirst(Membership),
        Effect.withSpan("Access.membership"),
      )
    /** The caller's membership in the structure, or NotFound. */
    const member = (clusterId: string): Effect.Effect<Membership, NotFound, CurrentUser> =>
      Effect.flatMap(CurrentUser, ({ id }) => membership(clusterId, id)).pipe(
        Effect.flatMap((m) => (m ? Effect.succeed(m) : Effect.fail(NotFound.of()))),
        Effect.withSpan("Access.member"),
      )
    /** The caller's membership when it holds `right`: NotFound for outsiders, Forbidden otherwise. */
    const require = (
      clusterId: string,
      right: Right,
    ): Effect.Effect<Membership, NotFound | Forbidden, CurrentUser> =>
      Effect.flatMap(member(clusterId), (m) =>
        m.rights.includes(right) ? Effect.succeed(m) : Effect.fail(Forbidden.of()),
      ).pipe(Effect.withSpan("Access.require", { attributes: { right } }))
    return { membership, member, require }
  }),
}) {}
