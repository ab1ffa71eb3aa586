import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { AdminArea } from "../admin/service"

/**
 * The admin area (platform administrators only); the rules live in server/admin/. Building it
 * promotes the accounts ADMIN_EMAILS names (server/admin/admins.ts).
 */
export const AdminHttpLive = HttpApiBuilder.group(SillonApi, "admin", (handlers) =>
  Effect.gen(function* () {
    const admin = yield* AdminArea
    return handlers
      .handle("users", () => admin.users)
      .handle("setAdmin", ({ path, payload }) => admin.setAdmin(path.userId, payload.admin))
      .handle("counters", () => admin.counters)
      .handle("registerCounter", ({ payload }) => admin.registerCounter(payload.id, payload.kind))
      .handle("rotateSecret", ({ path }) => admin.rotateSecret(path.id))
      .handle("attributeCounter", ({ path, payload }) => admin.attributeCounter(path.id, payload.cluster))
      .handle("counterAssociations", ({ path }) => admin.counterAssociations(path.id))
      .handle("bleTags", () => admin.bleTags)
      .handle("registerTag", ({ payload }) => admin.registerTag(payload.id, payload.type))
      .handle("attributeTag", ({ path, payload }) => admin.attributeTag(path.id, payload.cluster))
  }),
).pipe(Layer.provide(AdminArea.Default))
