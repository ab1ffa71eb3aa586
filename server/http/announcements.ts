import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { Announcements } from "../announcements/service"

/** Announcements ("Annonces"); the rules live in server/announcements/service.ts. */
export const AnnouncementsHttpLive = HttpApiBuilder.group(SillonApi, "announcements", (handlers) =>
  Effect.gen(function* () {
    const announcements = yield* Announcements
    return handlers
      .handle("list", () => announcements.list())
      .handle("put", ({ path, payload }) => announcements.put(path.id, payload))
      .handle("read", ({ path }) => announcements.read(path.id))
      .handle("end", ({ path }) => announcements.end(path.id))
  }),
).pipe(Layer.provide(Announcements.Default))
