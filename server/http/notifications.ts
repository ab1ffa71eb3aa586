import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { SillonApi } from "../../src/schema/api"
import { NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { Notifications } from "../notifications/service"

/** The caller's own notifications; anyone else's are invisible (404). */
export const NotificationsHttpLive = HttpApiBuilder.group(SillonApi, "notifications", (handlers) =>
  Effect.gen(function* () {
    const notifications = yield* Notifications
    return handlers
      .handle("list", () => Effect.flatMap(CurrentUser, (me) => notifications.list(me.id)))
      .handle("markRead", ({ path }) =>
        Effect.flatMap(CurrentUser, (me) => notifications.markRead(path.id, me.id)).pipe(
          Effect.flatMap((n) => (n ? Effect.succeed(n) : Effect.fail(NotFound.of()))),
        ),
      )
      .handle("markAllRead", () => Effect.flatMap(CurrentUser, (me) => notifications.markAllRead(me.id)))
  }),
).pipe(Layer.provide(Notifications.Default))
