import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from "node:crypto"
import type { HttpServerResponse } from "@effect/platform"
import type { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What the Idempotency-Key middleware keeps (table `idempotency_keys`): rows found by a hash of
 * (caller, key), answers encrypted with a key derived from them, a first run leased for
 * `runLeaseSeconds`, keys kept `keyLifetimeHours`.
 */

const keyLifetimeHours = 24
/** How long a first run holds its key before another instance may take it over. */
const runLeaseSeconds = 60
const sweepEveryMillis = 10 * 60 * 1000

export const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data)

/** The caller part of a key: the verified session, or anonymous on this path. */
export const sessionScope = (sessionId: string) => `session\0${sessionId}`
export const anonymousScope = (path: string) => `anonymous\0${path}`

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

export const decrypt = (secret: Buffer, stored: string): Uint8Array => {
  const bytes = Buffer.from(stored, "base64")
  const decipher = createDecipheriv("aes-256-gcm", secret, bytes.subarray(0, 12))
  decipher.setAuthTag(bytes.subarray(12, 28))
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]))
}

export interface Stored {
  readonly method: string
  readonly path: string
  readonly body_sha256: string
  readonly status: number | null
  readonly content_type: string | null
  readonly body: string | null
}

export type Claim =
  | { readonly _tag: "Run"; readonly runId: string }
  | { readonly _tag: "Replay"; readonly row: Stored }
  | { readonly _tag: "Reused" }
  | { readonly _tag: "Running" }

const isStored = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500)

/** The SQL of the `idempotency_keys` table, through `sql`. */
export const idempotencyStore = (sql: SqlClient.SqlClient) => {
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
      response.headers["content-type"] ?? (body._tag === "Uint8Array" ? body.contentType : undefined) ?? null
    return sql`UPDATE idempotency_keys SET status = ${response.status}, content_type = ${contentType},
        body = ${encrypt(secret, bytes)}, run_id = NULL, running_until = NULL
      WHERE key_hash = ${hash} AND run_id = ${runId}`.pipe(
      Effect.catchAllCause((cause) =>
        Effect.logWarning("Idempotent answer not kept", cause).pipe(Effect.zipRight(release(hash, runId))),
      ),
      Effect.asVoid,
    )
  }

  return { sweep, claim, release, keep }
}
