import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { BleTag, BleTagAttribution } from "../../src/schema/counter"
import { Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { Access } from "../clusters/access"
import { selectTags } from "./repository"

type Refusal = NotFound | Forbidden

/**
 * BLE tags of the caller's structures (SPEC §3). Attributing one takes editMachine in the tag's
 * structure: a machine tag goes to a machine of that structure, a user tag to one of its members;
 * anything else is refused (associationNotAllowed); null detaches, an absent key keeps.
 */
export class BleTags extends Context.Tag("BleTags")<
  BleTags,
  {
    readonly list: Effect.Effect<ReadonlyArray<BleTag>, never, CurrentUser>
    readonly attribute: (
      id: string,
      attribution: typeof BleTagAttribution.Type,
    ) => Effect.Effect<BleTag, Refusal, CurrentUser>
  }
>() {}

export const BleTagsServiceLive = Layer.effect(
  BleTags,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const access = yield* Access
    const provideSql = Effect.provideService(SqlClient.SqlClient, sql)
    const byId = (id: string) =>
      selectTags((s) => s`t.id = ${id}`).pipe(
        provideSql,
        Effect.map((rows) => rows[0]),
      )
    return {
      list: Effect.flatMap(CurrentUser, ({ id }) =>
        selectTags((s) => s`t.cluster_id IN (SELECT cluster_id FROM memberships WHERE user_id = ${id})`).pipe(
          provideSql,
        ),
      ),
      attribute: (id, attribution) =>
        Effect.gen(function* () {
          const tag = yield* byId(id.trim().toUpperCase())
          if (!tag?.cluster) return yield* Effect.fail(NotFound.of())
          const clusterId = tag.cluster.id
          yield* access.require(clusterId, "editMachine")
          const refuse = Effect.fail(Forbidden.of("associationNotAllowed"))
          const { machine, user } = attribution
          if (tag.type === "machine" && user != null) return yield* refuse
          if (tag.type === "user" && machine != null) return yield* refuse
          if (machine != null) {
            const [found] =
              yield* sql`SELECT 1 FROM machines WHERE id = ${machine} AND cluster_id = ${clusterId}`.pipe(
                Effect.orDie,
              )
            if (!found) return yield* refuse
          }
          if (user != null && !(yield* access.membership(clusterId, user))) return yield* refuse
          if (machine !== undefined && tag.type === "machine")
            yield* sql`UPDATE ble_tags SET machine_id = ${machine} WHERE id = ${tag.id}`.pipe(Effect.orDie)
          if (user !== undefined && tag.type === "user")
            yield* sql`UPDATE ble_tags SET user_id = ${user} WHERE id = ${tag.id}`.pipe(Effect.orDie)
          const after = yield* byId(tag.id)
          return after ?? (yield* Effect.dieMessage("tag vanished"))
        }),
    }
  }),
)
