import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { MailAuth } from "../auth/byMail"
import { Auth } from "../auth/service"
import { Config } from "../config"
import { Finalisation } from "../membership/finalisation"
import { clientAddress } from "./clientAddress"

export const AuthHttpLive = HttpApiBuilder.group(SillonApi, "auth", (handlers) =>
  Effect.gen(function* () {
    const auth = yield* Auth
    const byMail = yield* MailAuth
    const config = yield* Config
    const finalise = yield* Finalisation
    const tokens = <E, R>(e: Effect.Effect<{ token: string; refreshToken: string }, E, R>) =>
      Effect.map(e, ({ token, refreshToken }) => ({ token, refreshToken }))
    return handlers
      .handle("login", ({ payload, request }) =>
        tokens(
          auth.login(payload.email, payload.password, payload.rememberMe, clientAddress(request, config)),
        ),
      )
      .handle("askLoginCode", ({ payload, request }) =>
        byMail.askLoginCode(payload.email, clientAddress(request, config)),
      )
      .handle("loginCode", ({ payload, request }) =>
        tokens(byMail.loginCode(payload.code, clientAddress(request, config))),
      )
      .handle("refresh", ({ headers }) => auth.refresh(headers["x-refresh-token"]))
      .handle("logout", ({ headers }) => auth.logout(headers["x-refresh-token"]))
      .handle("askResetPassword", ({ payload, request }) =>
        byMail.askResetPassword(payload.email, clientAddress(request, config)),
      )
      .handle("finaliseInfo", ({ urlParams }) => finalise.info(urlParams.token))
      .handle("finalise", ({ payload, request }) =>
        tokens(finalise.finalise(payload, clientAddress(request, config))),
      )
      .handle("resetPassword", ({ payload, request }) =>
        byMail.resetPassword(payload.email, payload.token, payload.password, clientAddress(request, config)),
      )
  }),
).pipe(Layer.provide([Auth.Default, MailAuth.Default, Finalisation.Default]))
