import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Schema } from "effect"
import { Brand, FilterEntry, MachineCategory } from "./catalogue"
import {
  AdminUser,
  AssociationEdit,
  AssociationInput,
  BleTag,
  BleTagAttribution,
  BleTagType,
  BoxSecret,
  Counter,
  CounterAssociation,
  CounterKind,
  RegisteredCounter,
} from "./counter"
import { Conflict, Forbidden, NotFound, Unauthorized } from "./errors"
import { AssociationId, BleTagId, ClusterId, CounterId, MachineId, UserId } from "./ids"
import { PublicMachine } from "./machine"
import { UserSummary } from "./membership"
import { Authentication } from "./middleware"

/** The machine catalogue (SPEC §7): brands, categories with their types, filter entries. */
export class PropertiesGroup extends HttpApiGroup.make("properties")
  .add(HttpApiEndpoint.get("brands", "/properties/machines/brands").addSuccess(Schema.Array(Brand)))
  .add(
    HttpApiEndpoint.get("categories", "/properties/machines/categories").addSuccess(
      Schema.Array(MachineCategory),
    ),
  )
  .add(HttpApiEndpoint.get("filterEntries", "/filterEntries").addSuccess(Schema.Array(FilterEntry)))
  .addError(Unauthorized)
  .middleware(Authentication)
  .prefix("/api/v2") {}

const counterParam = HttpApiSchema.param("id", CounterId)
const machineParam = HttpApiSchema.param("id", MachineId)
const associationParam = HttpApiSchema.param("id", AssociationId)

/**
 * Boxes of the caller's structures and their associations to machines (SPEC §4): right 'edit
 * counters' to change them; two associations of one box never overlap (409 associationOverlap).
 */
export class CountersGroup extends HttpApiGroup.make("counters")
  .add(HttpApiEndpoint.get("list", "/counters").addSuccess(Schema.Array(Counter)))
  .add(
    HttpApiEndpoint.get("associations")`/counters/${counterParam}/associations`.addSuccess(
      Schema.Array(CounterAssociation),
    ),
  )
  .add(
    HttpApiEndpoint.get("usersAlertes")`/counters/${counterParam}/users_alertes`.addSuccess(
      Schema.Array(UserSummary),
    ),
  )
  .add(
    HttpApiEndpoint.post("associate")`/counters/${counterParam}/associations`
      .setPayload(AssociationInput)
      .addSuccess(CounterAssociation, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.patch("editAssociation")`/associations/${associationParam}`
      .setPayload(AssociationEdit)
      .addSuccess(CounterAssociation),
  )
  .add(HttpApiEndpoint.del("deleteAssociation")`/associations/${associationParam}`.addSuccess(Schema.Void))
  .add(
    HttpApiEndpoint.get("machineAssociations")`/machines/${machineParam}/associations`.addSuccess(
      Schema.Array(CounterAssociation),
    ),
  )
  /** Ends the box's current association on this machine now (help card "remove a box", pickoff). */
  .add(HttpApiEndpoint.post("pickoff")`/machines/${machineParam}/pickoff`.addSuccess(CounterAssociation))
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}

const tagParam = HttpApiSchema.param("id", BleTagId)

export class BleTagsGroup extends HttpApiGroup.make("bleTags")
  .add(HttpApiEndpoint.get("list", "/ble_tag").addSuccess(Schema.Array(BleTag)))
  .add(
    HttpApiEndpoint.put("attribute")`/ble_tag/${tagParam}`.setPayload(BleTagAttribution).addSuccess(BleTag),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .middleware(Authentication)
  .prefix("/api/v2") {}

const userParam = HttpApiSchema.param("userId", UserId)
const ClusterChoice = Schema.Struct({ cluster: Schema.NullOr(ClusterId) })

/** The admin area (SPEC §2 /admin): platform administrators only, everyone else 403. */
export class AdminGroup extends HttpApiGroup.make("admin")
  .add(HttpApiEndpoint.get("users", "/admin/users").addSuccess(Schema.Array(AdminUser)))
  .add(
    HttpApiEndpoint.put("setAdmin")`/admin/users/${userParam}/admin`
      .setPayload(Schema.Struct({ admin: Schema.Boolean }))
      .addSuccess(AdminUser),
  )
  .add(HttpApiEndpoint.get("counters", "/admin/counters").addSuccess(Schema.Array(Counter)))
  .add(
    HttpApiEndpoint.post("registerCounter", "/admin/counters")
      .setPayload(
        Schema.Struct({
          id: CounterId,
          kind: Schema.optionalWith(CounterKind, { default: () => "box" as const }),
        }),
      )
      .addSuccess(RegisteredCounter, { status: 201 }),
  )
  /** Issues the box a new secret, shown once; the old one stops working at once. */
  .add(HttpApiEndpoint.post("rotateSecret")`/admin/counters/${counterParam}/secret`.addSuccess(BoxSecret))
  .add(
    HttpApiEndpoint.put("attributeCounter")`/admin/counters/${counterParam}/cluster`
      .setPayload(ClusterChoice)
      .addSuccess(Counter),
  )
  /** counterdata: any box's associations, newest first (unknown box 404). */
  .add(
    HttpApiEndpoint.get("counterAssociations")`/admin/counters/${counterParam}/associations`.addSuccess(
      Schema.Array(CounterAssociation),
    ),
  )
  .add(HttpApiEndpoint.get("bleTags", "/admin/ble_tags").addSuccess(Schema.Array(BleTag)))
  .add(
    HttpApiEndpoint.post("registerTag", "/admin/ble_tags")
      .setPayload(Schema.Struct({ id: BleTagId, type: BleTagType }))
      .addSuccess(BleTag, { status: 201 }),
  )
  .add(
    HttpApiEndpoint.put("attributeTag")`/admin/ble_tags/${tagParam}/cluster`
      .setPayload(ClusterChoice)
      .addSuccess(BleTag),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .addError(NotFound)
  .addError(Conflict)
  .middleware(Authentication)
  .prefix("/api/v2") {}

/** Without sign-in: what the sticker's link (`/machines/{id}/pickoff`) shows. */
export class PublicGroup extends HttpApiGroup.make("public")
  .add(
    HttpApiEndpoint.get("machine")`/public/machines/${machineParam}`
      .addSuccess(PublicMachine)
      .addError(NotFound),
  )
  .prefix("/api/v2") {}
