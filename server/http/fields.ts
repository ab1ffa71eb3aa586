import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Fields } from "../fields/service"

/** Work areas (SPEC §3 Field, §7); the rules live in server/fields/. */
export const FieldsHttpLive = HttpApiBuilder.group(SillonApi, "fields", (handlers) =>
  Effect.gen(function* () {
    const fields = yield* Fields
    return handlers
      .handle("list", ({ urlParams }) => fields.list(urlParams))
      .handle("get", ({ path }) => fields.get(path.id))
      .handle("put", ({ path, payload }) => fields.put(path.id, payload))
      .handle("owner", ({ path, payload }) => fields.changeOwner(path.id, payload))
      .handle("ownerCandidates", ({ path }) => fields.ownerCandidates(path.id))
      .handle("remove", ({ path }) => fields.remove(path.id))
      .handle("preview", ({ payload }) => fields.preview(payload))
      .handle("import", ({ payload }) => fields.confirm(payload))
  }),
).pipe(Layer.provide(Fields.Default))
