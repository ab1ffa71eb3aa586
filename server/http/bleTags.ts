import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { BleTags } from "../bletags/service"

/** BLE tags of the caller's structures; the rules live in server/bletags/service.ts. */
export const BleTagsHttpLive = HttpApiBuilder.group(SillonApi, "bleTags", (handlers) =>
  Effect.gen(function* () {
    const tags = yield* BleTags
    return handlers
      .handle("list", () => tags.list)
      .handle("attribute", ({ path, payload }) => tags.attribute(path.id, payload))
  }),
).pipe(Layer.provide(BleTags.Default))
