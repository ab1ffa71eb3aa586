import type { SqlError } from "@effect/sql/SqlError"

/** SQLSTATE of a failed statement, whichever driver ran it (node-postgres and PGlite both set `code`). */
export const sqlState = (error: SqlError): unknown => (error.cause as { code?: unknown } | undefined)?.code
