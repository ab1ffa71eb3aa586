import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { BleTagAttribution } from "../../src/schema/counter"
import { BadRequest, Forbidden, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { Access } from "../clusters/access"
import { productTypesOf } from "../properties/productTypes"
import { changeHolding } from "./holdings"
import { BleTagsRepo } from "./repository"

/**
 * BLE tags of the caller's structures (SPEC §3). Attributing one takes editMachine in the tag's
 * structure: a machine tag goes to a machine of that structure, a user tag to one of its members;
 * anything else is refused (associationNotAllowed); null detaches, an absent key keeps. A machine
 * tag's product type is a product type of the catalogue (else selectionUnknown); a user tag has none.
 */
export class BleTags extends Effect.Service<BleTags>()("BleTags", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const access = yield* Access
    const repo = yield* BleTagsRepo
    const productTypes = productTypesOf(sql)
    return {
      list: Effect.flatMap(CurrentUser, ({ id }) => repo.ofMember(id)).pipe(Effect.withSpan("BleTags.list")),
      attribute: Effect.fn("BleTags.attribute")(function* (
        id: string,
        attribution: typeof BleTagAttribution.Type,
      ) {
        const tag = yield* repo.byId(id.trim().toUpperCase())
        if (!tag?.cluster) return yield* Effect.fail(NotFound.of())
        const clusterId = tag.cluster.id
        yield* access.require(clusterId, "editMachine")
        const refuse = Effect.fail(Forbidden.of("associationNotAllowed"))
        const { machine, user, productType } = attribution
        if (tag.type === "machine" && user != null) return yield* refuse
        if (tag.type === "user" && (machine != null || productType != null)) return yield* refuse
        if (productType != null && !(yield* productTypes.exists(productType)))
          return yield* Effect.fail(BadRequest.of("selectionUnknown"))
        if (machine != null) {
          const [found] =
            yield* sql`SELECT 1 FROM machines WHERE id = ${machine} AND cluster_id = ${clusterId}`.pipe(
              Effect.orDie,
            )
          if (!found) return yield* refuse
        }
        if (user != null && !(yield* access.membership(clusterId, user))) return yield* refuse
        // The tag's new holder from now on, its past holdings kept: days already worked stay theirs.
        yield* changeHolding(
          sql,
          tag.id,
          Effect.gen(function* () {
            if (machine !== undefined && tag.type === "machine")
              yield* sql`UPDATE ble_tags SET machine_id = ${machine} WHERE id = ${tag.id}`
            if (user !== undefined && tag.type === "user")
              yield* sql`UPDATE ble_tags SET user_id = ${user} WHERE id = ${tag.id}`
            if (productType !== undefined && tag.type === "machine")
              yield* sql`UPDATE ble_tags SET product_type_id = ${productType} WHERE id = ${tag.id}`
          }),
        ).pipe(Effect.orDie)
        const after = yield* repo.byId(tag.id)
        return after ?? (yield* Effect.dieMessage("tag vanished"))
      }),
    }
  }),
  dependencies: [BleTagsRepo.Default, Access.Default],
}) {}
