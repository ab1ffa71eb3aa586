import { createHash, randomUUID } from "node:crypto"
import { existsSync } from "node:fs"
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { dbLayer, pgliteDir } from "../db/client"

export type Backend = "pglite" | "postgres"
export const backends: ReadonlyArray<Backend> = ["pglite", "postgres"]

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test"

const migrationsDir = join(import.meta.dirname, "..", "db", "migrations")

/** Migrated PGlite folders are keyed by the migrations' content, so a changed migration makes a new template. */
const templateDir = async () => {
  const hash = createHash("sha256")
  for (const file of (await readdir(migrationsDir)).sort())
    hash.update(await readFile(join(migrationsDir, file)))
  return join(tmpdir(), `sillon-pglite-template-${hash.digest("hex").slice(0, 16)}`)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Opening a new PGlite folder takes seconds; copying a migrated template and reopening it takes well under one. */
export const ensureTemplate = async (): Promise<string> => {
  const dir = await templateDir()
  const ready = join(dir, "ready")
  if (existsSync(ready)) return dir
  // A lock left by a run killed mid-way is stale after two minutes.
  const lockAge = await stat(`${dir}.lock`).then(
    (s) => Date.now() - s.mtimeMs,
    () => 0,
  )
  if (lockAge > 120_000) await rm(`${dir}.lock`, { recursive: true, force: true })
  try {
    await mkdir(`${dir}.lock`)
  } catch {
    for (let i = 0; i < 600 && !existsSync(ready); i++) await sleep(100)
    if (existsSync(ready)) return dir
    throw new Error(`PGlite template ${dir} was never finished (remove ${dir}.lock)`)
  }
  try {
    await rm(dir, { recursive: true, force: true })
    await Effect.runPromise(Effect.scoped(Layer.build(dbLayer({ dataDir: dir, databaseUrl: undefined }))))
    await writeFile(ready, "")
    return dir
  } finally {
    await rm(`${dir}.lock`, { recursive: true, force: true })
  }
}

const adminRun = <A, E>(effect: Effect.Effect<A, E, SqlClient.SqlClient>) =>
  Effect.runPromise(
    Effect.provide(effect, PgClient.layer({ url: Redacted.make(testDatabaseUrl), maxConnections: 1 })),
  )

const databaseUrlOf = (name: string) => {
  const url = new URL(testDatabaseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

const exists = (name: string) =>
  adminRun(
    Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_database WHERE datname = ${name}`,
    ),
  ).then(([row]) => (row?.n ?? 0) > 0)

/**
 * The server's migrated template database, keyed like the PGlite one by the migrations' content:
 * copying it is several times faster than migrating each test's database. Built under a name of
 * its own and renamed when complete, so a racing worker either sees it whole or builds its own
 * and drops it; templates of other migrations are dropped when no run is copying them.
 */
const ensureServerTemplate = async (): Promise<string> => {
  const name = `sillon_tpl_${(await templateDir()).slice(-16)}`
  if (await exists(name)) return name
  const building = `sillon_tplb_${randomUUID().replace(/-/g, "")}`
  await adminRun(Effect.flatMap(SqlClient.SqlClient, (sql) => sql.unsafe(`CREATE DATABASE ${building}`)))
  await Effect.runPromise(
    Effect.scoped(Layer.build(dbLayer({ dataDir: tmpdir(), databaseUrl: databaseUrlOf(building) }))),
  )
  await adminRun(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql.unsafe(`ALTER DATABASE ${building} RENAME TO ${name}`).pipe(
        Effect.catchAll(() => sql.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`)),
        Effect.zipRight(
          sql<{
            datname: string
          }>`SELECT datname FROM pg_database WHERE datname LIKE 'sillon_tpl\\_%' AND datname <> ${name}`,
        ),
        Effect.flatMap((old) =>
          Effect.forEach(old, ({ datname }) =>
            sql.unsafe(`DROP DATABASE IF EXISTS ${datname}`).pipe(Effect.ignore),
          ),
        ),
      ),
    ),
  )
  return name
}

export interface TestDatabase {
  readonly dataDir: string
  readonly databaseUrl: string | undefined
  readonly drop: () => Promise<void>
}

/** A fresh database of each kind: a copied PGlite folder, or a new database on the test server. */
export const freshDatabase = async (backend: Backend): Promise<TestDatabase> => {
  const dataDir = await mkdtemp(join(tmpdir(), "sillon-test-"))
  if (backend === "pglite") {
    await cp(pgliteDir(await ensureTemplate()), pgliteDir(dataDir), { recursive: true })
    return { dataDir, databaseUrl: undefined, drop: () => rm(dataDir, { recursive: true, force: true }) }
  }
  const name = `sillon_test_${randomUUID().replace(/-/g, "")}`
  const template = await ensureServerTemplate()
  // Another run on this server may have dropped a template of other migrations: migrate instead.
  await adminRun(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      sql
        .unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`)
        .pipe(Effect.catchAll(() => sql.unsafe(`CREATE DATABASE ${name}`))),
    ),
  )
  const url = databaseUrlOf(name)
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await adminRun(
        Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
        ),
      )
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
