import { HttpClient, HttpClientRequest, HttpClientResponse } from "@effect/platform"
import { Data, Deferred, Effect, FiberId, type Schedule } from "effect"
import { Tokens } from "../schema"
import { withCrossTabLock } from "./crossTabLock"
import { isTransient, readRefusal, TransientResponse, transientStatuses } from "./httpResponses"
import { retryIfInProgress, withIdempotencyKey } from "./idempotency"
import type { TokenStoreShape } from "./tokenStore"

export { expiredMessages } from "./httpResponses"
export { idempotencyKeyHeader, newIdempotencyKey } from "./idempotency"

/** `refused`: the server said no (the session is over); otherwise the answer never came. */
/** A usable access token, and whether this tab spent the refresh token to get it. */
interface Renewed {
  readonly token: string
  readonly spent: boolean
}

class RefreshFailed extends Data.TaggedError("RefreshFailed")<{ readonly refused: boolean }> {}

export interface AuthorizedClientOptions {
  readonly baseUrl: string
  /** Delays between tries of a transient failure; its recurrences bound the retries. */
  readonly retrySchedule: Schedule.Schedule<unknown, unknown>
}

/**
 * Wraps the raw HttpClient: adds `Authorization: JWT <token>` and `Cache-Control: no-cache`, and
 * to every write an `Idempotency-Key` kept for all its tries; retries transient failures (network,
 * 502/503/504, and a 409 `requestInProgress`: the first try of this write is still running) on a
 * bounded schedule, and on a 401 for an expired token refreshes once (one refresh shared by every
 * request failing meanwhile) and replays. Every other answer goes on untouched, so the contract
 * decodes it into typed errors.
 */
export const authorizedClient = (
  client: HttpClient.HttpClient,
  store: TokenStoreShape,
  options: AuthorizedClientOptions,
): HttpClient.HttpClient => {
  const send = (request: HttpClientRequest.HttpClientRequest) =>
    client.execute(request).pipe(
      Effect.filterOrFail(
        (response) => !transientStatuses.has(response.status),
        (response) => new TransientResponse({ response }),
      ),
      Effect.flatMap(retryIfInProgress),
      Effect.retry({ while: isTransient, schedule: options.retrySchedule }),
      Effect.catchIf(
        (error): error is TransientResponse => error instanceof TransientResponse,
        (error) => Effect.succeed(error.response),
      ),
    )

  const withToken = (request: HttpClientRequest.HttpClientRequest, token: string | null) =>
    HttpClientRequest.setHeaders(request, {
      "Cache-Control": "no-cache",
      ...(token === null ? {} : { Authorization: `JWT ${token}` }),
    })

  // Sent once, never retried: a lost answer retried would present a used refresh token, which
  // the server takes for theft. Only a refusal (an answer that is not a new pair) ends the session.
  const callRefresh = Effect.suspend(() => {
    const refreshToken = store.refreshToken()
    if (refreshToken === null) return Effect.fail(new RefreshFailed({ refused: true }))
    const request = HttpClientRequest.get(`${options.baseUrl}/api/v2/auth/refresh`).pipe(
      HttpClientRequest.setHeaders({ "x-refresh-token": refreshToken, "Cache-Control": "no-cache" }),
    )
    return client.execute(request).pipe(
      Effect.mapError(() => new RefreshFailed({ refused: false })),
      Effect.flatMap((response) =>
        HttpClientResponse.schemaBodyJson(Tokens)(response).pipe(
          Effect.filterOrFail(
            () => response.status === 200,
            () => new RefreshFailed({ refused: true }),
          ),
          Effect.mapError(() => new RefreshFailed({ refused: !transientStatuses.has(response.status) })),
        ),
      ),
    )
  })

  // Under the lock every tab of the app shares: a tab that waited finds the pair another tab
  // just stored, and uses it instead of spending the refresh token again.
  // `spent`: this tab presented the refresh token itself (rather than finding another tab's pair).
  const refreshSharedAcrossTabs = (sentWith: string | null) =>
    withCrossTabLock(
      "sillon.refresh",
      Effect.suspend((): Effect.Effect<Renewed, RefreshFailed> => {
        const stored = store.token()
        if (stored !== null && stored !== sentWith) return Effect.succeed({ token: stored, spent: false })
        return callRefresh.pipe(
          Effect.tap((tokens) => Effect.sync(() => store.refreshed(tokens))),
          Effect.map((tokens) => ({ token: tokens.token, spent: true })),
        )
      }),
    )

  // One refresh at a time in this tab: requests failing while it runs wait for the same outcome.
  let inflight: Deferred.Deferred<Renewed, RefreshFailed> | null = null
  const refreshOnce = (sentWith: string | null) =>
    Effect.suspend(() => {
      if (inflight !== null) return Deferred.await(inflight)
      const done = Deferred.unsafeMake<Renewed, RefreshFailed>(FiberId.none)
      inflight = done
      const run = refreshSharedAcrossTabs(sentWith).pipe(
        Effect.tapError((error) => (error.refused ? Effect.sync(() => store.expire()) : Effect.void)),
        Effect.ensuring(Effect.sync(() => (inflight = null))),
        Effect.exit,
        Effect.flatMap((exit) => Deferred.done(done, exit)),
      )
      // A daemon, so a caller leaving (abort) does not strand the others waiting on it.
      return Effect.forkDaemon(run).pipe(Effect.zipRight(Deferred.await(done)))
    })

  const execute = (unnamed: HttpClientRequest.HttpClientRequest) =>
    Effect.gen(function* () {
      const request = withIdempotencyKey(unnamed)
      const sentWith = store.token()
      const first = yield* send(withToken(request, sentWith))
      if (first.status !== 401) return first
      let refusal = yield* readRefusal(first)
      let tried = sentWith
      // A token another tab renewed may itself have aged by the time this tab replays with it
      // (access tokens can be short): then this tab renews. It presents the refresh token at
      // most once per request, so a token refused as soon as it is issued ends the request.
      for (let spent = false, replays = 0; refusal.expired && replays < 3; replays++) {
        // Another request may have refreshed since this one left: replay with the new token.
        const current = store.token()
        let token: string
        if (current !== null && current !== tried) token = current
        else if (spent) break
        else {
          const renewed = yield* refreshOnce(tried).pipe(Effect.orElseSucceed(() => null))
          if (renewed === null) break
          token = renewed.token
          spent = renewed.spent
        }
        const replay = yield* send(withToken(request, token))
        if (replay.status !== 401) return replay
        refusal = yield* readRefusal(replay)
        tried = token
      }
      return refusal.response
    })

  return HttpClient.transform(client, (_unused, request) => execute(request))
}
