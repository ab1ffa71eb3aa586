import { readdir, readFile } from "node:fs/promises"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { makeWebApp } from "../app"
import { hashPassword } from "../auth/passwords"
import { Auth } from "../auth/service"
import type { AppConfig, VegetationConfig } from "../config"
import { outboxDir } from "../mail/mailer"
import { type Backend, freshDatabase } from "./databases"

export { type Backend, backends } from "./databases"

export const publicUrl = "http://sillon.test"

/** A vegetation provider configured with credentials, at an address where nothing listens. */
export const unreachableProvider: VegetationConfig = {
  apiUrl: "http://127.0.0.1:9",
  tokenUrl: "http://127.0.0.1:9/token",
  clientId: "sillon-test",
  clientSecret: "sillon-test",
  retryBaseMillis: 200,
}

export interface TestApp {
  /** Sends a request to the in-process server; `body` objects are sent as JSON, strings and bytes as they are. */
  readonly call: (
    method: string,
    path: string,
    init?: { body?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>
  /** A fetch that reaches the in-process server (for clients written against a real one). */
  readonly fetch: typeof fetch
  /** Runs SQL against the app's own database (to age a code, break a table…). */
  readonly sql: <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => Promise<A>
  /** Mails written to the outbox so far, oldest first. */
  readonly outbox: () => Promise<ReadonlyArray<string>>
  /** The newest outbox mail that `match` accepts, waited for (mails leave in the background). */
  readonly waitForMail: (match: (mail: string) => boolean) => Promise<string>
  /** A new session of an existing account, as a sign-in opens it: its access and refresh tokens. */
  readonly signIn: (userId: string) => Promise<{ readonly token: string; readonly refreshToken: string }>
  /** The app's DATA_DIR (PGlite folder, outbox). */
  readonly dataDir: string
  readonly close: () => Promise<void>
}

export const startTestApp = async (
  backend: Backend,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> => {
  const db = await freshDatabase(backend)
  const config: AppConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    smtpUrl: undefined,
    publicUrl,
    accessTokenTtlSeconds: 900,
    seedDemo: false,
    // The demo's simulated week only where a test asks for it (seconds of inserts per app).
    demoTelemetryDays: 0,
    jwtSecret: undefined,
    trustProxy: true,
    distDir: join(db.dataDir, "no-dist"),
    adminEmails: [],
    ...overrides,
    // Asked for, the vegetation index goes to a provider nothing listens for (its tests start a stand-in).
    vegetation: overrides.vegetation ?? unreachableProvider,
  }
  const app = await makeWebApp(config)
  const outbox = async () => {
    const dir = outboxDir(config.dataDir)
    const files = (await readdir(dir).catch(() => [])).sort()
    return Promise.all(files.map((f) => readFile(join(dir, f), "utf8")))
  }
  return {
    fetch: ((input: string | URL | Request, init?: RequestInit) =>
      app.handler(new Request(input, init))) as typeof fetch,
    call: (method, path, init = {}) => {
      // Bytes (a gzip upload) and strings go as they are; anything else as JSON.
      const isRaw = typeof init.body === "string" || init.body instanceof Uint8Array
      const isJson = init.body !== undefined && !isRaw
      return app.handler(
        new Request(`${publicUrl}${path}`, {
          method,
          headers: { ...(isJson ? { "content-type": "application/json" } : {}), ...init.headers },
          body:
            init.body === undefined
              ? undefined
              : isJson
                ? JSON.stringify(init.body)
                : (init.body as string | Uint8Array<ArrayBuffer>),
        }),
      )
    },
    sql: (f) => app.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, f)),
    signIn: (userId) => app.runtime.runPromise(Effect.flatMap(Auth, (auth) => auth.signIn(userId, false))),
    outbox,
    waitForMail: (match) => eventually(async () => (await outbox()).filter(match).at(-1)),
    dataDir: config.dataDir,
    close: async () => {
      await app.dispose()
      await db.drop()
    },
  }
}

let counter = 0

/**
 * A new account through the legacy sign-up call, with a unique e-mail. Its address is marked
 * proven, as its owner would by entering the mailed code, unless `confirmed` is false.
 */
export const signup = async (
  app: TestApp,
  fields: Partial<Record<"email" | "password" | "firstname" | "lastname", string>> = {},
  { confirmed = true }: { readonly confirmed?: boolean } = {},
) => {
  const newUser = {
    email: `user${++counter}-${Date.now()}@example.org`,
    password: "correct horse",
    firstname: "Anne",
    lastname: "Petit",
    ...fields,
  }
  const res = await app.call("POST", "/api/v1/signup", { body: { newUser }, headers: fromAddress() })
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { jwt: string; id: string; refreshToken: string }
  if (confirmed) await app.sql((sql) => sql`UPDATE users SET email_verified_at = now() WHERE id = ${body.id}`)
  return { ...newUser, ...body, auth: { authorization: `JWT ${body.jwt}` } }
}

/** The argon2 hash of `signup`'s password, made once per process: each hash costs tens of milliseconds. */
let testPasswordHash: Promise<string> | undefined

/**
 * A proven account with `signup`'s password, signed in: what `signup` gives, written straight to
 * the tables — for fixtures made by the hundred (the authorization matrix), not for the sign-up.
 */
export const signedUpPerson = async (
  app: TestApp,
  fields: Partial<Record<"email" | "firstname" | "lastname", string>> = {},
) => {
  testPasswordHash ??= Effect.runPromise(hashPassword("correct horse"))
  const person = {
    email: `user${++counter}-${Date.now()}@example.org`,
    password: "correct horse",
    firstname: "Anne",
    lastname: "Petit",
    ...fields,
  }
  const passwordHash = await testPasswordHash
  const [row] = await app.sql(
    (sql) => sql<{
      id: string
    }>`INSERT INTO users (email, password_hash, firstname, lastname, email_verified_at)
      VALUES (${person.email}, ${passwordHash}, ${person.firstname}, ${person.lastname}, now()) RETURNING id`,
  )
  const id = (row as { id: string }).id
  const session = await app.signIn(id)
  return {
    ...person,
    id,
    jwt: session.token,
    refreshToken: session.refreshToken,
    auth: { authorization: `JWT ${session.token}` },
  }
}

/** A distinct client address per test, so the per-address throttle of one test never blocks another. */
export const fromAddress = () => ({
  "x-forwarded-for": `10.0.${Math.floor(counter / 250)}.${++counter % 250}`,
})

/** The first defined value `probe` gives within 30 seconds; for effects the server runs in the background. */
export const eventually = async <A>(probe: () => Promise<A | undefined> | A | undefined): Promise<A> => {
  // Background work (mails leave through the job queue) is slower on a loaded machine: wait for
  // the thing, up to a deadline far beyond a quiet machine's few milliseconds.
  const deadline = Date.now() + 30_000
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error("still not there after 30 seconds")
    await new Promise((r) => setTimeout(r, 50))
  }
}
