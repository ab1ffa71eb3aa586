import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Auth } from "../auth/service"
import { Config } from "../config"
import { clientAddress } from "./clientAddress"

/** SPEC §7 legacy calls, kept for older clients. */
export const LegacyHttpLive = HttpApiBuilder.group(SillonApi, "legacy", (handlers) =>
  Effect.gen(function* () {
    const auth = yield* Auth
    const config = yield* Config
    return handlers
      .handle("auth", ({ payload, request }) =>
        auth
          .login(payload.user.email, payload.user.password, false, clientAddress(request, config))
          .pipe(Effect.map(({ userId, token }) => ({ jwt: token, id: userId }))),
      )
      .handle("signup", ({ payload, request }) =>
        auth
          .signup(payload.newUser, clientAddress(request, config))
          .pipe(Effect.map(({ userId, token, refreshToken }) => ({ jwt: token, id: userId, refreshToken }))),
      )
  }),
).pipe(Layer.provide(Auth.Default))
