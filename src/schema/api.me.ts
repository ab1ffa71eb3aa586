import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { ConfirmEmailPayload } from "./auth"
import { BadRequest, NotFound, TooManyRequests, Unauthorized } from "./errors"
import { Authentication } from "./middleware"
import { DelegatedUser, Me, MeEdit } from "./user"

/** The caller's own account: profile, delegated users, proof of the address, sessions. */
export class MeGroup extends HttpApiGroup.make("me")
  .add(HttpApiEndpoint.get("get", "/me").addSuccess(Me).addError(NotFound))
  .add(
    HttpApiEndpoint.put("edit", "/me")
      .setPayload(Schema.Struct({ edit: MeEdit }))
      .addSuccess(Me),
  )
  .add(HttpApiEndpoint.get("delegatedUsers", "/me/delegatedUsers").addSuccess(Schema.Array(DelegatedUser)))
  .add(
    HttpApiEndpoint.post("askEmailConfirmation", "/me/email/askConfirmation")
      .addSuccess(Schema.Void, { status: 202 })
      .addError(TooManyRequests),
  )
  .add(
    HttpApiEndpoint.post("confirmEmail", "/me/email/confirm")
      .setPayload(ConfirmEmailPayload)
      .addSuccess(Me)
      .addError(BadRequest)
      .addError(TooManyRequests),
  )
  // Ends every session of the account, this one included (its access token stops working at once).
  .add(HttpApiEndpoint.del("logoutEverywhere", "/me/sessions").addSuccess(Schema.Void, { status: 204 }))
  // The Authentication middleware's refusal, declared so clients decode it as a typed error.
  .addError(Unauthorized)
  .middleware(Authentication)
  .prefix("/api/v2") {}
