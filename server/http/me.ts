import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Unauthorized } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import type { Me } from "../../src/schema/user"
import { AddressProof } from "../auth/addressProof"
import { Auth } from "../auth/service"
import { toMe, type UserRow, Users } from "../auth/users"
import { callerRow } from "./authentication"

export const MeHttpLive = HttpApiBuilder.group(SillonApi, "me", (handlers) =>
  Effect.gen(function* () {
    const users = yield* Users
    const proof = yield* AddressProof
    const auth = yield* Auth
    // The caller's row as the session check read it; after a change (confirmEmail) it is read
    // again, and an account removed meanwhile is refused.
    const profile = (row: UserRow | undefined) =>
      row ? Effect.succeed(toMe(row)) : Effect.fail(Unauthorized.of("tokenInvalid"))
    const current = Effect.flatMap(CurrentUser, (caller) => {
      const row = callerRow(caller)
      return row ? profile(row) : Effect.flatMap(users.byId(caller.id), profile)
    })
    // GET /me, the most frequent call, answers the profile's JSON as it is: `Me` transforms
    // nothing, so its JSON is its encoded form (me.test.ts holds it), and the contract's encoder
    // only checked again what decoding the row had checked, at a tenth of the request's cost.
    const answer = (me: Me) => HttpServerResponse.unsafeJson(me)
    const reread = Effect.flatMap(CurrentUser, ({ id }) => Effect.flatMap(users.byId(id), profile))
    return handlers
      .handle("get", () => Effect.map(current, answer))
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
          Effect.zipRight(reread),
        ),
      )
      .handle("logoutEverywhere", () => Effect.flatMap(CurrentUser, ({ id }) => auth.logoutEverywhere(id)))
  }),
).pipe(Layer.provide([Users.Default, AddressProof.Default, Auth.Default]))
