import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Auth } from "../auth/service"
import { Config } from "../config"
import { clientAddress } from "./clientAddress"

export const AuthHandlersLive = HttpApiBuilder.group(SillonApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const auth = yield* Auth
    const config = yield* Config
    const tokens = <E, R>(e: Effect.Effect<{ token: string; refreshToken: string }, E, R>) =>
      Effect.map(e, ({ token, refreshToken }) => ({ token, refreshToken }))
    return handlers
      .handle("login", ({ payload, request }) =>
        tokens(
          auth.login(payload.email, payload.password, payload.rememberMe, clientAddress(request, config)),
        ),
      )
      .handle("askLoginCode", ({ payload, request }) =>
        auth.askLoginCode(payload.email, clientAddress(request, config)),
      )
      .handle("loginCode", ({ payload, request }) =>
        tokens(auth.loginCode(payload.code, clientAddress(request, config))),
      )
      .handle("refresh", ({ headers }) => auth.refresh(headers["x-refresh-token"]))
      .handle("logout", ({ headers }) => auth.logout(headers["x-refresh-token"]))
      .handle("askResetPassword", ({ payload, request }) =>
        auth.askResetPassword(payload.email, clientAddress(request, config)),
      )
      .handle("resetPassword", ({ payload, request }) =>
        auth.resetPassword(payload.email, payload.token, payload.password, clientAddress(request, config)),
      )
  }),
)
