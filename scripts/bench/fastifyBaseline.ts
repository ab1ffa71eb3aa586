/**
 * The fair baseline for GET /api/v2/me: a plain Fastify server doing what Sillon's route does —
 * the same JWT check (jose, HS256, the same secret read from the same `server_keys` row, the same
 * required claims), the same session check (the same SQL on `refresh_families`), the same profile
 * query (`SELECT * FROM users WHERE id = $1`) — and answering the same JSON with `no-store`.
 * It runs in its own process, on its own PGlite copy of the same data (`DATA_DIR`) or on the same
 * PostgreSQL database (`DATABASE_URL`, a pool of 10 connections, as Sillon's). On PGlite it runs
 * each statement with PGlite's `query`, as a Fastify app would, or with `PREPARED=1` through
 * Sillon's own statement path (`server/db/pgliteStatements.ts`): what is left is the framework.
 */
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist"
import { postgis } from "@electric-sql/pglite-postgis"
import Fastify from "fastify"
import { errors, jwtVerify } from "jose"
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

const serve = async () => {
  const query = await openDatabase()
  const [secret] = await query("SELECT value FROM server_keys WHERE name = 'jwt'", [])
  const key = new TextEncoder().encode(process.env.JWT_SECRET || String(secret?.value))
  const app = Fastify({ logger: false })
  app.get("/api/v2/me", async (request, reply) => {
    reply.header("cache-control", "no-store")
    const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")
    if (!match) return reply.code(401).send(refusal("tokenInvalid"))
    let sub: unknown
    let sid: unknown
    try {
      const { payload } = await jwtVerify(match[1], key, {
        algorithms: ["HS256"],
        requiredClaims: ["exp", "iat", "sub"],
      })
      sub = payload.sub
      sid = payload.sid
    } catch (e) {
      return reply.code(401).send(refusal(e instanceof errors.JWTExpired ? "tokenExpired" : "tokenInvalid"))
    }
    if (typeof sub !== "string" || typeof sid !== "string")
      return reply.code(401).send(refusal("tokenInvalid"))
    const [session] = await query(
      "SELECT revoked_at IS NULL AS live FROM refresh_families WHERE id = $1 AND user_id = $2",
      [sid, sub],
    )
    if (!session) return reply.code(401).send(refusal("tokenInvalid"))
    if (!session.live) return reply.code(401).send(refusal("tokenExpired"))
    const [user] = await query("SELECT * FROM users WHERE id = $1", [sub])
    if (!user) return reply.code(401).send(refusal("tokenInvalid"))
    return {
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
  })
  process.once("SIGTERM", () => process.exit(0))
  const address = await app.listen({ port: Number(process.env.PORT || 0), host: "127.0.0.1" })
  console.log(new URL(address).port)
}

/**
 * Starts the baseline in a child process on `DATA_DIR` (PGlite, a folder no other process has
 * open) or `DATABASE_URL`; resolves once it listens.
 */
export const startFastifyBaseline = async (env: {
  readonly DATA_DIR?: string
  readonly DATABASE_URL?: string
  readonly PREPARED?: "1"
}) => {
  const child = spawn("node", ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env: {
      ...process.env,
      DATA_DIR: "",
      DATABASE_URL: "",
      PREPARED: "",
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
