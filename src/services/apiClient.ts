import { FetchHttpClient, HttpApiClient } from "@effect/platform"
import { Context, Effect, Schedule } from "effect"
import { SillonApi } from "../schema"
import { type AuthorizedClientOptions, authorizedClient } from "./authorizedClient"
import { TokenStore } from "./tokenStore"

/** Where the API lives (the page's own origin) and how transient failures are retried. */
export class ApiClientConfig extends Context.Reference<ApiClientConfig>()("ApiClientConfig", {
  defaultValue: (): AuthorizedClientOptions => ({
    baseUrl: globalThis.location?.origin ?? "",
    // 3 tries in all: after 200 ms, then 400 ms.
    retrySchedule: Schedule.exponential("200 millis").pipe(Schedule.intersect(Schedule.recurs(2))),
  }),
}) {}

/** The typed client of SillonApi: `api.auth.login({ payload })`, `api.me.get()`, ... */
export class ApiClient extends Effect.Service<ApiClient>()("ApiClient", {
  effect: Effect.gen(function* () {
    const store = yield* TokenStore
    const options = yield* ApiClientConfig
    return yield* HttpApiClient.make(SillonApi, {
      baseUrl: options.baseUrl,
      transformClient: (client) => authorizedClient(client, store, options),
    })
  }),
  dependencies: [TokenStore.Default, FetchHttpClient.layer],
}) {}
