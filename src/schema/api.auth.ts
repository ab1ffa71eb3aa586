import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import {
  AskLoginCodePayload,
  AskResetPasswordPayload,
  FinalisePayload,
  Health,
  LegacyAuthPayload,
  LegacyAuthResponse,
  LegacySignupPayload,
  LegacySignupResponse,
  LoginCodePayload,
  LoginPayload,
  ResetPasswordPayload,
  Tokens,
} from "./auth"
import { BadRequest, Conflict, TooManyRequests, Unauthorized } from "./errors"
import { FinaliseInfo } from "./membership"

export const RefreshHeaders = Schema.Struct({ "x-refresh-token": Schema.String })

export class HealthGroup extends HttpApiGroup.make("health")
  .add(HttpApiEndpoint.get("health", "/health").addSuccess(Health))
  .prefix("/api") {}

export class AuthGroup extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("login", "/auth/login")
      .setPayload(LoginPayload)
      .addSuccess(Tokens)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("askLoginCode", "/auth/askLoginCode")
      .setPayload(AskLoginCodePayload)
      .addSuccess(Schema.Void, { status: 202 })
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("loginCode", "/auth/loginCode")
      .setPayload(LoginCodePayload)
      .addSuccess(Tokens)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("refresh", "/auth/refresh")
      .setHeaders(RefreshHeaders)
      .addSuccess(Tokens)
      .addError(Unauthorized),
  )
  .add(
    HttpApiEndpoint.get("logout", "/auth/logout")
      .setHeaders(Schema.Struct({ "x-refresh-token": Schema.optional(Schema.String) }))
      .addSuccess(Schema.Void),
  )
  .add(
    HttpApiEndpoint.post("askResetPassword", "/auth/askResetPassword")
      .setPayload(AskResetPasswordPayload)
      .addSuccess(Schema.Void, { status: 202 })
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.get("finaliseInfo", "/auth/finalise")
      .setUrlParams(Schema.Struct({ token: Schema.String }))
      .addSuccess(FinaliseInfo)
      .addError(BadRequest),
  )
  .add(
    HttpApiEndpoint.post("finalise", "/auth/finalise")
      .setPayload(FinalisePayload)
      .addSuccess(Tokens)
      .addError(BadRequest)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/auth/resetPassword")
      .setPayload(ResetPasswordPayload)
      .addSuccess(Schema.Void)
      .addError(BadRequest)
      .addError(TooManyRequests),
  )
  .prefix("/api/v2") {}

/** Legacy v1 calls (SPEC §7): the older sign-in and sign-up shapes. */
export class LegacyGroup extends HttpApiGroup.make("legacy")
  .add(
    HttpApiEndpoint.post("auth", "/auth")
      .setPayload(LegacyAuthPayload)
      .addSuccess(LegacyAuthResponse)
      .addError(Unauthorized)
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("signup", "/signup")
      .setPayload(LegacySignupPayload)
      .addSuccess(LegacySignupResponse, { status: 201 })
      .addError(Conflict)
      .addError(TooManyRequests),
  )
  .prefix("/api/v1") {}
