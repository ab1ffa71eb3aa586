import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Unauthorized } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { AddressProof } from "../auth/addressProof"
import { Auth } from "../auth/service"
import { toMe, Users } from "../auth/users"

export const MeHttpLive = HttpApiBuilder.group(SillonApi, "me", (handlers) =>
  Effect.gen(function* () {
    const users = yield* Users
    const proof = yield* AddressProof
    const auth = yield* Auth
    // The account may have been removed since the request was authenticated.
    const current = Effect.gen(function* () {
      const { id } = yield* CurrentUser
      const row = yield* users.byId(id)
      return row ? toMe(row) : yield* Effect.fail(Unauthorized.of("tokenInvalid"))
    })
    return handlers
      .handle("get", () => current)
      .handle("edit", ({ payload }) =>
        Effect.gen(function* () {
          const { id } = yield* CurrentUser
          const row = yield* users.update(id, payload.edit)
          return row ? toMe(row) : yield* Effect.fail(Unauthorized.of("tokenInvalid"))
        }),
      )
      .handle("delegatedUsers", () => Effect.flatMap(CurrentUser, ({ id }) => users.delegatedUsers(id)))
      .handle("askEmailConfirmation", () => Effect.flatMap(CurrentUser, ({ id }) => proof.ask(id)))
      .handle("confirmEmail", ({ payload }) =>
        Effect.flatMap(CurrentUser, ({ id }) => proof.confirm(id, payload.code)).pipe(
          Effect.zipRight(current),
        ),
      )
      .handle("logoutEverywhere", () => Effect.flatMap(CurrentUser, ({ id }) => auth.logoutEverywhere(id)))
  }),
).pipe(Layer.provide([Users.Default, AddressProof.Default, Auth.Default]))
