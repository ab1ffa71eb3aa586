import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from "node:crypto"
import {
  HttpApiBuilder,
  HttpApp,
  HttpIncomingMessage,
  type HttpServerRequest,
  type HttpServerResponse,
  HttpServerRequest as ServerRequest,
  HttpServerResponse as ServerResponse,
} from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { BadRequest, Conflict, InternalError, UnprocessableEntity } from "../../src/schema/errors"
import { AccessTokens } from "../auth/jwt"
import { maxBodyBytes } from "./errors"

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
const keyLifetimeHours = 24
/** How long a first run holds its key before another instance may take it over. */
const runLeaseSeconds = 60
const sweepEveryMillis = 10 * 60 * 1000

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data)

/** The caller part of a key: the verified session, or anonymous on this path. */
export const sessionScope = (sessionId: string) => `session\0${sessionId}`
const anonymousScope = (path: string) => `anonymous\0${path}`

/** The row's key and the answer's encryption key, both from (caller, Idempotency-Key). */
export const keysOf = (scope: string, key: string) => ({
  hash: sha256(`sillon idempotency row\0${scope}\0${key}`).digest("hex"),
  secret: sha256(`sillon idempotency answer\0${scope}\0${key}`).digest(),
})

const encrypt = (secret: Buffer, plain: Uint8Array): string => {
  const iv = randomBytes(12)
  const cipher = createCipheriv("aes-256-gcm", secret, iv)
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64")
}

const decrypt = (secret: Buffer, stored: string): Uint8Array => {
  const bytes = Buffer.from(stored, "base64")
  const decipher = createDecipheriv("aes-256-gcm", secret, bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]))
}

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

interface Stored {
  readonly method: string
  readonly path: string
  readonly body_sha256: string
  readonly status: number | null
  readonly content_type: string | null
  readonly body: string | null
}

type Claim =
  | { readonly _tag: "Run"; readonly runId: string }
  | { readonly _tag: "Replay"; readonly row: Stored }
  | { readonly _tag: "Reused" }
  | { readonly _tag: "Running" }

const isStored = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500)

export const IdempotencyLive = HttpApiBuilder.middleware(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tokens = yield* AccessTokens

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

    // Expired rows are ignored by every lookup; they are deleted now and then, from any request.
    let nextSweep = 0
    const sweep = Effect.suspend(() => {
      if (Date.now() < nextSweep) return Effect.void
      nextSweep = Date.now() + sweepEveryMillis
      return sql`DELETE FROM idempotency_keys WHERE key_hash IN (
          SELECT key_hash FROM idempotency_keys WHERE expires_at <= now() LIMIT 1000)`.pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("Expired idempotency keys not deleted", cause)),
      )
    })

    /** Takes the key for a run (new, expired, or a dead run's), or says what holds it. */
    const claim = (hash: string, method: string, path: string, bodySha: string) =>
      Effect.gen(function* () {
        for (let round = 0; round < 3; round++) {
          const runId = randomUUID()
          const taken = yield* sql`INSERT INTO idempotency_keys
              (key_hash, method, path, body_sha256, run_id, running_until, expires_at)
            VALUES (${hash}, ${method}, ${path}, ${bodySha}, ${runId},
              now() + ${runLeaseSeconds} * interval '1 second', now() + ${keyLifetimeHours} * interval '1 hour')
            ON CONFLICT (key_hash) DO UPDATE SET method = EXCLUDED.method, path = EXCLUDED.path,
              body_sha256 = EXCLUDED.body_sha256, run_id = EXCLUDED.run_id,
              running_until = EXCLUDED.running_until, status = NULL, content_type = NULL, body = NULL,
              created_at = now(), expires_at = EXCLUDED.expires_at
            WHERE idempotency_keys.expires_at <= now()
              OR (idempotency_keys.status IS NULL AND idempotency_keys.running_until <= now()
                AND idempotency_keys.method = EXCLUDED.method AND idempotency_keys.path = EXCLUDED.path
                AND idempotency_keys.body_sha256 = EXCLUDED.body_sha256)
            RETURNING run_id`
          if (taken.length > 0) return { _tag: "Run", runId } as Claim
          const rows = yield* sql<Stored>`SELECT method, path, body_sha256, status, content_type, body
            FROM idempotency_keys WHERE key_hash = ${hash} AND expires_at > now()`
          const row = rows[0]
          if (row === undefined) continue // released (a 5xx) or expired meanwhile: take it
          if (row.method !== method || row.path !== path || row.body_sha256 !== bodySha)
            return { _tag: "Reused" } as Claim
          return (row.status === null ? { _tag: "Running" } : { _tag: "Replay", row }) as Claim
        }
        return { _tag: "Running" } as Claim
      })

    /** Gives the key up (nothing worth replaying came of the run). */
    const release = (hash: string, runId: string) =>
      sql`DELETE FROM idempotency_keys WHERE key_hash = ${hash} AND run_id = ${runId}`.pipe(
        Effect.catchAllCause((cause) => Effect.logWarning("Idempotency key not released", cause)),
        Effect.asVoid,
      )

    /** Keeps the run's final answer (2xx, 4xx with a plain body), or releases the key. */
    const keep = (
      hash: string,
      secret: Buffer,
      runId: string,
      response: HttpServerResponse.HttpServerResponse,
    ) => {
      const body = response.body
      const bytes =
        body._tag === "Uint8Array" ? body.body : body._tag === "Empty" ? new Uint8Array(0) : undefined
      if (!isStored(response.status) || bytes === undefined) return release(hash, runId)
      const contentType =
        response.headers["content-type"] ??
        (body._tag === "Uint8Array" ? body.contentType : undefined) ??
        null
      return sql`UPDATE idempotency_keys SET status = ${response.status}, content_type = ${contentType},
          body = ${encrypt(secret, bytes)}, run_id = NULL, running_until = NULL
        WHERE key_hash = ${hash} AND run_id = ${runId}`.pipe(
        Effect.catchAllCause((cause) =>
          Effect.logWarning("Idempotent answer not kept", cause).pipe(Effect.zipRight(release(hash, runId))),
        ),
        Effect.asVoid,
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

    return (app) =>
      Effect.gen(function* () {
        const request = yield* ServerRequest.HttpServerRequest
        // url is a path on Node and a whole URL in the in-process web handler.
        const url = URL.parse(request.url, "http://local")
        if (!url?.pathname.startsWith("/api/") || !writeMethods.has(request.method)) return yield* app
        const key = request.headers[idempotencyKeyHeader]
        if (key === undefined) return yield* app
        if (!validKey.test(key)) return refusal(400, BadRequest.of("badRequest"))
        // Too large or unreadable: the error shaping refuses it, nothing to remember.
        if (Number(request.headers["content-length"] ?? 0) > maxBodyBytes) return yield* app
        const text = yield* request.text.pipe(
          HttpIncomingMessage.withMaxBodySize(Option.some(maxBodyBytes)),
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
  }),
)
