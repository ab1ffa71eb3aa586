import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Vegetation } from "../vegetation/service"

/** The vegetation index (SPEC §2 FieldsVegetationIndex); the rules live in server/vegetation/. */
export const VegetationHttpLive = HttpApiBuilder.group(SillonApi, "vegetation", (handlers) =>
  Effect.gen(function* () {
    const vegetation = yield* Vegetation
    return handlers
      .handle("season", ({ path, urlParams }) => vegetation.season(path.id, urlParams.year))
      .handle("latest", ({ urlParams }) => vegetation.latest(urlParams.year))
  }),
).pipe(Layer.provide(Vegetation.Default))
