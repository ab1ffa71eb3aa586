import {
  HttpApiBuilder,
  HttpApp,
  HttpIncomingMessage,
  type HttpServerRequest,
  HttpServerRequest as ServerRequest,
  HttpServerResponse as ServerResponse,
} from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { BadRequest, Conflict, InternalError, UnprocessableEntity } from "../../src/schema/errors"
import { AccessTokens } from "../auth/jwt"
import { bodyLimitFor } from "./errors"
import {
  anonymousScope,
  decrypt,
  idempotencyStore,
  keysOf,
  type Stored,
  sessionScope,
  sha256,
} from "./idempotencyStore"

export { keysOf, sessionScope, sha256 } from "./idempotencyStore"

/**
 * Safe retries for every write (POST, PUT, PATCH, DELETE under /api). A client may name a request
 * with `Idempotency-Key` (1–255 printable ASCII characters). Per key and caller the server keeps the
 * request's fingerprint (method, path, SHA-256 of the body) and its final answer:
 *
 * - the same key and fingerprint again replays that answer exactly (status, content type, body),
 *   with `Idempotent-Replayed: true`, without running the handler again;
 * - the same key with another fingerprint is refused, 422 `idempotencyKeyReused`;
 * - while the first request is still running, a retry answers 409 `requestInProgress`
 *   (with `Retry-After: 1`): the client waits and tries again.
 *
 * The caller is the verified session of the access token (`sid`); without a valid token, the key
 * is scoped by the path alone. Only 2xx and 4xx answers are kept: after a 5xx (or an interrupted
 * request) the key is released and a retry runs again. Keys live 24 hours.
 *
 * The key itself is never stored: rows are found by a hash of (caller, key), and the answer is
 * encrypted with a key derived from (caller, key), so a copy of the database does not hold the
 * tokens a sign-in answered. A first run is leased for `runLease`: an instance that died in the
 * middle does not hold the key longer. What is not covered: an instance dying after the handler
 * committed and before the answer was stored leaves the key to a retry that runs again — writes
 * that must never happen twice also name what they create (client-chosen ids).
 */

export const idempotencyKeyHeader = "idempotency-key"
export const replayedHeader = "idempotent-replayed"

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"])
const validKey = /^[\x20-\x7E]{1,255}$/

/** The app's usual error body ({_tag, code, message}), built here: these answers come before any handler. */
const refusal = (
  status: number,
  error: { readonly _tag: string; readonly code: string; readonly message: string },
  headers: Record<string, string> = {},
) =>
  ServerResponse.unsafeJson(
    { _tag: error._tag, code: error.code, message: error.message },
    { status, headers: { "cache-control": "no-store", ...headers } },
  )

export const IdempotencyLive = HttpApiBuilder.middleware(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tokens = yield* AccessTokens

    const { sweep, claim, release, keep } = idempotencyStore(sql)

    /** The caller: the token's session when it verifies, else anonymous (scoped by the path). */
    const callerScope = (request: HttpServerRequest.HttpServerRequest, path: string) => {
      const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")
      const anonymous = anonymousScope(path)
      if (!match) return Effect.succeed(anonymous)
      return tokens.verify(match[1]).pipe(
        Effect.map((claims) => sessionScope(claims.sessionId)),
        Effect.orElseSucceed(() => anonymous),
      )
    }

    const replay = (secret: Buffer, row: Stored) => {
      const headers = { [replayedHeader]: "true", "cache-control": "no-store" }
      const status = row.status ?? 500
      const bytes = decrypt(secret, row.body ?? "")
      return row.content_type === null && bytes.length === 0
        ? ServerResponse.empty({ status, headers })
        : ServerResponse.uint8Array(bytes, {
            status,
            headers,
            contentType: row.content_type ?? "application/octet-stream",
          })
    }

    const write = (request: HttpServerRequest.HttpServerRequest, app: HttpApp.Default) =>
      Effect.gen(function* () {
        // url is a path on Node and a whole URL in the in-process web handler.
        const url = URL.parse(request.url, "http://local")
        if (!url?.pathname.startsWith("/api/")) return yield* app
        const key = request.headers[idempotencyKeyHeader]
        if (key === undefined) return yield* app
        if (!validKey.test(key)) return refusal(400, BadRequest.of("badRequest"))
        // Too large or unreadable: the error shaping refuses it, nothing to remember.
        const limit = bodyLimitFor(request.url)
        if (Number(request.headers["content-length"] ?? 0) > limit) return yield* app
        const text = yield* request.text.pipe(
          HttpIncomingMessage.withMaxBodySize(Option.some(limit)),
          Effect.option,
        )
        if (Option.isNone(text)) return yield* app

        const path = `${url.pathname}${url.search}`
        const scope = yield* callerScope(request, path)
        const { hash, secret } = keysOf(scope, key)
        yield* sweep
        // A database that cannot answer this fails the request as it would fail the handler (500).
        const taken = yield* claim(hash, request.method, path, sha256(text.value).digest("hex")).pipe(
          Effect.orDie,
        )
        switch (taken._tag) {
          case "Reused":
            return refusal(422, UnprocessableEntity.of("idempotencyKeyReused"))
          case "Running":
            return refusal(409, Conflict.of("requestInProgress"), { "retry-after": "1" })
          case "Replay":
            return yield* Effect.try(() => replay(secret, taken.row)).pipe(
              Effect.catchAllCause((cause) =>
                Effect.logError("Idempotent answer unreadable", cause).pipe(
                  Effect.as(refusal(500, InternalError.of())),
                ),
              ),
            )
          case "Run": {
            // Runs on the final answer, error answers encoded by the API included.
            yield* HttpApp.appendPreResponseHandler((_request, response) =>
              Effect.as(keep(hash, secret, taken.runId, response), response),
            )
            return yield* app.pipe(Effect.onInterrupt(() => release(hash, taken.runId)))
          }
        }
      })

    // Reads (most requests) pass straight through.
    return (app) =>
      Effect.flatMap(ServerRequest.HttpServerRequest, (request) =>
        writeMethods.has(request.method) ? write(request, app) : app,
      )
  }),
)
