import { HttpApi, HttpApiEndpoint, HttpApiGroup, OpenApi } from "@effect/platform"
import { Schema } from "effect"
import { ActivitiesGroup } from "./api.activities"
import { AnnouncementsGroup } from "./api.announcements"
import { BookingsGroup } from "./api.bookings"
import { BookingUseGroup } from "./api.bookingUse"
import { BoxesGroup, OsmandGroup } from "./api.boxes"
import { CanbusGroup } from "./api.canbus"
import { ClustersGroup, MachinesGroup } from "./api.clusters"
import { DashboardGroup } from "./api.dashboard"
import { FieldCommentsGroup } from "./api.fieldComments"
import { FieldsGroup } from "./api.fields"
import { AdminGroup, BleTagsGroup, CountersGroup, PropertiesGroup, PublicGroup } from "./api.fleet"
import { GeolocGroup } from "./api.geoloc"
import { MeGroup } from "./api.me"
import { MembershipGroup, NotificationsGroup } from "./api.membership"
import { TelemetryGroup } from "./api.telemetry"
import { UsageGroup } from "./api.usage"
import { VegetationGroup } from "./api.vegetation"
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
import {
  BadRequest,
  Conflict,
  InternalError,
  PayloadTooLarge,
  TooManyRequests,
  Unauthorized,
  UnprocessableEntity,
  UnsupportedMediaType,
} from "./errors"
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

export class SillonApi extends HttpApi.make("sillon")
  .add(HealthGroup)
  .add(AuthGroup)
  .add(LegacyGroup)
  .add(MeGroup)
  .add(ClustersGroup)
  .add(MachinesGroup)
  .add(MembershipGroup)
  .add(NotificationsGroup)
  .add(PropertiesGroup)
  .add(CountersGroup)
  .add(BleTagsGroup)
  .add(AdminGroup)
  .add(PublicGroup)
  .add(BookingsGroup)
  .add(FieldsGroup)
  .add(FieldCommentsGroup)
  .add(VegetationGroup)
  .add(BoxesGroup)
  .add(OsmandGroup)
  .add(TelemetryGroup)
  .add(GeolocGroup)
  .add(ActivitiesGroup)
  .add(UsageGroup)
  .add(BookingUseGroup)
  .add(AnnouncementsGroup)
  .add(DashboardGroup)
  .add(CanbusGroup)
  .addError(InternalError)
  // Any endpoint with a body can answer these: malformed or invalid input, oversized body.
  .addError(BadRequest)
  .addError(PayloadTooLarge)
  .addError(UnsupportedMediaType)
  // Any write sent with an Idempotency-Key: the key reused for another request (422), or its
  // first request still running (409, retry after a second).
  .addError(UnprocessableEntity)
  .addError(Conflict)
  .annotate(OpenApi.Title, "Sillon API") {}
