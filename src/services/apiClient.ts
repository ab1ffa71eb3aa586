import { FetchHttpClient, type HttpApi, HttpApiClient, type HttpApiGroup, HttpClient } from "@effect/platform"
import { Context, Effect, Schedule } from "effect"
import { apiOf } from "../schema/api.base"
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

/**
 * The browser's way to the API: one authorized HttpClient (tokens, refresh, idempotency keys,
 * retries) from which each service builds a typed client of the groups it calls (`clientOf`).
 */
export class ApiClient extends Effect.Service<ApiClient>()("ApiClient", {
  effect: Effect.gen(function* () {
    const store = yield* TokenStore
    const options = yield* ApiClientConfig
    const httpClient = authorizedClient(yield* HttpClient.HttpClient, store, options)
    return {
      /** A typed client of `api`: `client.fields.list()`, ... */
      make: <G extends HttpApiGroup.HttpApiGroup.Any, E>(api: HttpApi.HttpApi<"sillon", G, E, never>) =>
        HttpApiClient.makeWith(api, { httpClient, baseUrl: options.baseUrl }),
    }
  }),
  dependencies: [TokenStore.Default, FetchHttpClient.layer],
}) {}

/**
 * The typed client of some groups of the contract (`clientOf(FieldsGroup, FieldCommentsGroup)`
 * answers `client.fields.list()`, `client.fieldComments.list()`): a service names the groups it
 * calls, so a screen downloads those groups' schemas and no other. Built once per ApiClient.
 */
export const clientOf = <const Groups extends ReadonlyArray<HttpApiGroup.HttpApiGroup.Any>>(
  ...groups: Groups
) => {
  const api = apiOf(...groups)
  const make = (service: ApiClient) => service.make(api)
  const built = new WeakMap<ApiClient, Effect.Effect.Success<ReturnType<typeof make>>>()
  return Effect.flatMap(ApiClient, (service) => {
    const kept = built.get(service)
    if (kept !== undefined) return Effect.succeed(kept)
    return Effect.tap(make(service), (client) => built.set(service, client))
  })
}
