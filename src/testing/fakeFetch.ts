import { FetchHttpClient } from "@effect/platform"
import { Layer, ManagedRuntime, Schedule } from "effect"
import { ApiClient, ApiClientConfig } from "../services/apiClient"
import { makeTokenStore, TokenStore, type TokenStoreShape } from "../services/tokenStore"

/** Test double of the browser's fetch: records each call and answers through `respond`. */
export interface Call {
  readonly url: string
  readonly method: string
  readonly headers: Headers
  readonly signal: AbortSignal | null
  readonly body: BodyInit | null
}
export type Respond = (call: Call, index: number) => Response | Promise<Response>

export const json = (status: number, body: unknown): Response =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  })

export const baseUrl = "http://sillon.test"

/** An ApiClient over a fake fetch, with real token store (on the page's localStorage) and no retry delay. */
export const fakeApi = (respond: Respond) => {
  const calls: Call[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      signal: init?.signal ?? null,
      body: init?.body ?? null,
    }
    calls.push(call)
    return respond(call, calls.length - 1)
  }) as typeof globalThis.fetch
  const store: TokenStoreShape = makeTokenStore(localStorage)
  const layer = ApiClient.DefaultWithoutDependencies.pipe(
    Layer.provideMerge(Layer.succeed(TokenStore, TokenStore.make(store))),
    Layer.provideMerge(FetchHttpClient.layer),
    Layer.provideMerge(Layer.succeed(FetchHttpClient.Fetch, fetch)),
    Layer.provideMerge(Layer.succeed(ApiClientConfig, { baseUrl, retrySchedule: Schedule.recurs(2) })),
  )
  return { calls, store, layer, runtime: ManagedRuntime.make(layer) }
}

/** A profile as GET /api/v2/me answers it (no address: incomplete). */
export const meAnswer = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
  phone: null,
  mobile: null,
  address: null,
  language: "fr",
  emailConfirmed: true,
}

/** The server's answer to an expired access token (SPEC §8). */
export const expiredAnswer = () =>
  json(401, { _tag: "Unauthorized", code: "tokenExpired", message: "Token has expired" })

export const isRefresh = (call: Call) => call.url.endsWith("/api/v2/auth/refresh")
