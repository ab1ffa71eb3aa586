import { HttpApiMiddleware, HttpApiSecurity } from "@effect/platform"
import { Context } from "effect"
import { Unauthorized } from "./errors"
import type { UserId } from "./ids"

/** The signed-in caller, decoded from `Authorization: JWT <token>` by the server. */
export class CurrentUser extends Context.Tag("CurrentUser")<CurrentUser, { readonly id: UserId }>() {}

/** SPEC §6: requests carry an authorization header with the JWT scheme. */
export const jwtHeader = HttpApiSecurity.apiKey({ in: "header", key: "Authorization" })

export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  failure: Unauthorized,
  provides: CurrentUser,
  security: { jwt: jwtHeader },
}) {}
