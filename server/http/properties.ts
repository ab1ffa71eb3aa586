import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Properties } from "../properties/service"

/** The machine catalogue; building this layer inserts the catalogue on a database that lacks it. */
export const PropertiesHttpLive = HttpApiBuilder.group(SillonApi, "properties", (handlers) =>
  Effect.gen(function* () {
    const properties = yield* Properties
    return handlers
      .handle("brands", () => properties.brands)
      .handle("categories", () => properties.categories)
      .handle("filterEntries", () => properties.filterEntries)
  }),
).pipe(Layer.provide(Properties.Default))
