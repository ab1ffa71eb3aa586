import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * PostGIS on both backends (work areas and everything spatial are asked in SQL): PGlite loads it
 * from @electric-sql/pglite-postgis, the PostgreSQL server from its system package
 * (postgresql-15-postgis-3 on Debian). SQL written for PostGIS 3.3 / PostgreSQL 15, the older pair.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE EXTENSION IF NOT EXISTS postgis`
})
