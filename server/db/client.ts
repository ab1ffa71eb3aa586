import { existsSync } from "node:fs"
import { mkdir, readFile, rm, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Migrator } from "@effect/sql"
import { PGlite } from "@electric-sql/pglite"
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist"
import { postgis } from "@electric-sql/pglite-postgis"
import { Context, Effect, Layer } from "effect"
import type { AppConfig } from "../config"
import { migrations } from "./migrations"
import { pgliteClientLayer } from "./pglite"
import { postgresClientLayer } from "./postgres"

/** Which backend runs, and whether the embedded database was created by this start. */
// A Context.Tag, not an Effect.Service: a value the database layer below provides, not a service to build.
export class DbInfo extends Context.Tag("DbInfo")<
  DbInfo,
  { readonly kind: "pglite" | "postgres"; readonly created: boolean }
>() {}

export { EmbeddedDb } from "./pglite"

export const pgliteDir = (dataDir: string) => join(dataDir, "pglite")

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** PGlite is one process's database: a second server on the same folder would corrupt it, so it is refused. */
const claimFolder = async (dir: string) => {
  const lock = join(dir, "sillon.pid")
  const holder = Number(await readFile(lock, "utf8").catch(() => ""))
  if (holder && holder !== process.pid && isAlive(holder))
    throw new Error(`${dir} is in use by process ${holder}: stop it or choose another DATA_DIR`)
  await writeFile(lock, String(process.pid))
  return () => rm(lock, { force: true })
}

const openPglite = (dataDir: string) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const dir = pgliteDir(dataDir)
      const created = !existsSync(join(dir, "PG_VERSION"))
      await mkdir(dir, { recursive: true })
      const release = await claimFolder(dir)
      const db = await PGlite.create(dir, { extensions: { btree_gist, postgis } })
      return { db, created, release }
    }),
    ({ db, release }) => Effect.promise(() => db.close().then(release)),
  )

const pgliteLayer = (dataDir: string) =>
  Layer.unwrapScoped(
    Effect.map(openPglite(dataDir), ({ db, created }) =>
      Layer.mergeAll(pgliteClientLayer(db), Layer.succeed(DbInfo, { kind: "pglite", created })),
    ),
  )

const postgresLayer = (url: string) =>
  Layer.merge(
    postgresClientLayer({ url, maxConnections: 10, applicationName: "sillon" }),
    Layer.succeed(DbInfo, { kind: "postgres", created: false }),
  )

const migrate = Layer.effectDiscard(Migrator.make({})({ loader: migrations }))

/** SqlClient for the configured backend, migrated before anything uses it. */
export const dbLayer = (config: Pick<AppConfig, "databaseUrl" | "dataDir">) => {
  const base = config.databaseUrl ? postgresLayer(config.databaseUrl) : pgliteLayer(config.dataDir)
  return Layer.provideMerge(migrate, base)
}
