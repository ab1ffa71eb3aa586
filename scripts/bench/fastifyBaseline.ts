/**
 * The fair baseline for GET /api/v2/me: a plain Fastify server doing what Sillon's route does —
 * the same JWT check (fast-jwt, HS256, the same secret read from the same `server_keys` row, the
 * same required claims: what @fastify/jwt would do), the same session check reading the profile
 * with the session (the same SQL on `refresh_families` and `users`) — and answering the same JSON
 * with `no-store`.
 * It runs in its own process, on its own PGlite copy of the same data (`DATA_DIR`) or on the same
 * PostgreSQL database (`DATABASE_URL`, a pool of 10 connections, as Sillon's). On PGlite it runs
 * each statement with PGlite's `query`, as a Fastify app would, or with `PREPARED=1` through
 * Sillon's own statement path (`server/db/pgliteStatements.ts`): what is left is the framework.
 * With `SERVER=effect` the same answer is served by a bare Effect HttpApi server instead: the
 * floor the framework Sillon is built on sets under it.
 */
import { spawn } from "node:child_process"
import { createServer } from "node:http"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import {
  HttpApi,
  HttpApiBuilder,
  HttpApiEndpoint,
  HttpApiGroup,
  HttpMiddleware,
  HttpServer,
  HttpServerRequest,
  HttpServerResponse,
} from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { PGlite } from "@electric-sql/pglite"
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist"
import { postgis } from "@electric-sql/pglite-postgis"
import { Effect, Layer, Schema } from "effect"
import { createVerifier, TokenError } from "fast-jwt"
import Fastify from "fastify"
import { makeStatements } from "../../server/db/pgliteStatements"

type Row = Record<string, unknown>
type Query = (sql: string, params: ReadonlyArray<unknown>) => Promise<ReadonlyArray<Row>>

interface PgPool {
  query: (sql: string, params: ReadonlyArray<unknown>) => Promise<{ rows: Array<Row> }>
}

const openDatabase = async (): Promise<Query> => {
  const url = process.env.DATABASE_URL
  if (url) {
    const { Pool } = createRequire(import.meta.url)("pg") as {
      Pool: new (options: { connectionString: string; max: number }) => PgPool
    }
    const pool = new Pool({ connectionString: url, max: 10 })
    return async (sql, params) => (await pool.query(sql, params)).rows
  }
  const dir = join(process.env.DATA_DIR ?? "", "pglite")
  const db = await PGlite.create(dir, { extensions: { btree_gist, postgis } })
  if (process.env.PREPARED === "1") return (await makeStatements(db)).rows
  return async (sql, params) => (await db.query<Row>(sql, params as Array<unknown>)).rows
}

const refusal = (code: "tokenInvalid" | "tokenExpired") => ({
  _tag: "Unauthorized",
  code,
  message: code,
})

const text = (value: unknown) => (value === null || value === undefined ? null : String(value))

const addressOf = (value: unknown) => {
  if (value === null || value === undefined) return null
  const a = (typeof value === "string" ? JSON.parse(value) : value) as Row
  return {
    street: a.street,
    complement: a.complement ?? null,
    postalCode: a.postalCode,
    city: a.city,
    country: a.country,
  }
}

type Answer = { readonly status: 200 | 401; readonly body: unknown }
const refused = (code: "tokenInvalid" | "tokenExpired"): Answer => ({ status: 401, body: refusal(code) })

/** What GET /api/v2/me answers for an `Authorization` header: the same work as Sillon's route. */
const makeAnswer = (query: Query, key: Buffer) => {
  const verify = createVerifier({
    key,
    algorithms: ["HS256"],
    requiredClaims: ["exp", "iat", "sub"],
    cache: false,
  })
  return async (authorization: string | undefined) => {
    const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(authorization ?? "")
    if (!match) return refused("tokenInvalid")
    let sub: unknown
    let sid: unknown
    try {
      const payload = verify(match[1])
      sub = payload.sub
      sid = payload.sid
    } catch (e) {
      return refused(
        e instanceof TokenError && e.code === TokenError.codes.expired ? "tokenExpired" : "tokenInvalid",
      )
    }
    if (typeof sub !== "string" || typeof sid !== "string") return refused("tokenInvalid")
    const [user] = await query(
      "SELECT f.revoked_at IS NULL AS live, u.* FROM refresh_families f JOIN users u ON u.id = f.user_id WHERE f.id = $1 AND f.user_id = $2",
      [sid, sub],
    )
    if (!user) return refused("tokenInvalid")
    if (!user.live) return refused("tokenExpired")
    const body = {
      id: user.id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      name: text(user.name),
      phone: text(user.phone),
      mobile: text(user.mobile),
      address: addressOf(user.address),
      language: user.language,
      emailConfirmed: user.email_verified_at !== null,
    }
    return { status: 200, body } satisfies Answer
  }
}

type Answering = ReturnType<typeof makeAnswer>

const serveFastify = async (answer: Answering, port: number) => {
  const app = Fastify({ logger: false })
  app.get("/api/v2/me", async (request, reply) => {
    const { status, body } = await answer(request.headers.authorization)
    return reply.code(status).header("cache-control", "no-store").send(body)
  })
  return new URL(await app.listen({ port, host: "127.0.0.1" })).port
}

/**
 * The same answer through Effect's HttpApi server and nothing else of Sillon (no middleware, no
 * Schema on the answer): what the framework's own path costs a request, the floor under Sillon.
 */
const serveEffect = (answer: Answering, port: number) =>
  new Promise<string>((resolve) => {
    const Api = HttpApi.make("baseline").add(
      HttpApiGroup.make("me").add(HttpApiEndpoint.get("me", "/api/v2/me").addSuccess(Schema.Unknown)),
    )
    const group = HttpApiBuilder.group(Api, "me", (handlers) =>
      handlers.handleRaw("me", () =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          Effect.promise(() => answer(request.headers.authorization)),
        ).pipe(
          Effect.map(({ status, body }) =>
            HttpServerResponse.unsafeJson(body, { status, headers: { "cache-control": "no-store" } }),
          ),
        ),
      ),
    )
    const server = HttpApiBuilder.serve().pipe(
      Layer.provide(HttpApiBuilder.api(Api).pipe(Layer.provide(group))),
      Layer.provide(Layer.locallyScoped(HttpMiddleware.currentTracerDisabledWhen, () => true)),
      Layer.provideMerge(NodeHttpServer.layer(createServer, { port, host: "127.0.0.1" })),
    )
    const announce = Layer.effectDiscard(
      Effect.flatMap(HttpServer.HttpServer, ({ address }) =>
        Effect.sync(() => resolve(String(address._tag === "TcpAddress" ? address.port : 0))),
      ),
    )
    Effect.runFork(Layer.launch(Layer.provide(announce, server)))
  })

const serve = async () => {
  const query = await openDatabase()
  const [secret] = await query("SELECT value FROM server_keys WHERE name = 'jwt'", [])
  const key = Buffer.from(process.env.JWT_SECRET || String(secret?.value))
  const answer = makeAnswer(query, key)
  const port = Number(process.env.PORT || 0)
  process.once("SIGTERM", () => process.exit(0))
  console.log(
    process.env.SERVER === "effect" ? await serveEffect(answer, port) : await serveFastify(answer, port),
  )
}

/**
 * Starts the baseline in a child process on `DATA_DIR` (PGlite, a folder no other process has
 * open) or `DATABASE_URL`; resolves once it listens.
 */
export const startFastifyBaseline = async (env: {
  readonly DATA_DIR?: string
  readonly DATABASE_URL?: string
  readonly PREPARED?: "1"
  /** `effect`: the same answer served by Effect's HttpApi instead of Fastify. */
  readonly SERVER?: "effect"
}) => {
  const child = spawn("node", ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      DATA_DIR: "",
      DATABASE_URL: "",
      PREPARED: "",
      SERVER: "",
      ...env,
      SILLON_FASTIFY_BASELINE: "1",
    },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the Fastify baseline exited (${code})`)))
    child.stdout.once("data", (d) => resolve(Number(String(d).trim())))
  })
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.removeAllListeners("exit")
        child.once("exit", () => resolve())
        child.kill("SIGTERM")
      }),
  }
}

if (process.env.SILLON_FASTIFY_BASELINE === "1" && process.argv[1] === fileURLToPath(import.meta.url)) {
  serve().catch((error) => {
    console.error(error)
    process.exit(1)
  })
}
