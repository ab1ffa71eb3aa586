import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"
import { NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { toMe, Users } from "../auth/users"

export const MeLive = HttpApiBuilder.group(SillonApi, "me", (handlers) =>
  Effect.gen(function* () {
    const users = yield* Users
    return handlers
      .handle("get", () =>
        Effect.gen(function* () {
          const { id } = yield* CurrentUser
          const row = yield* users.byId(id)
          return row ? toMe(row) : yield* Effect.fail(NotFound.of())
        }),
      )
      .handle("edit", ({ payload }) =>
        Effect.gen(function* () {
          const { id } = yield* CurrentUser
          const row = yield* users.update(id, payload.edit)
          // A token outliving its account is a client fault the contract has no code for: treat it as a defect.
          return row ? toMe(row) : yield* Effect.dieMessage("account vanished")
        }),
      )
      .handle("delegatedUsers", () => Effect.flatMap(CurrentUser, ({ id }) => users.delegatedUsers(id)))
  }),
)
