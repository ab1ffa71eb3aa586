import type { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { decodeAllOrSqlError } from "../db/decode"
import type { Resource } from "./rules"

/**
 * Two transactions inserting overlapping rows of one resource deadlock inside the exclusion
 * constraint: each inserts its row, then its check finds the other's uncommitted row and waits for
 * that transaction to end (SQLSTATE 40P01 under load). So every write of `booking_resources` first
 * takes a transaction-scoped advisory lock per resource it adds, removes or re-checks, all in one
 * ascending key order: writers of a common resource queue, and the later one's check then meets a
 * committed row (23P01, a plain conflict). Advisory rather than row locks on machines and users: those
 * would also hold up every unrelated update of the person or the machine. The two-key form keeps them
 * apart from the single-key locks of server/auth/throttle.ts; two resources sharing a key only queue.
 */
const resourceLockSpace = 0x426b6e67 // "Bkng"
const lockKey = (id: string) => {
  const hex = id.replace(/-/g, "").padEnd(32, "0")
  let key = 0
  for (let i = 0; i < 32; i += 8) key ^= Number.parseInt(hex.slice(i, i + 8), 16)
  return key | 0
}

const HeldRow = Schema.Struct({ resource: Schema.String })

/** The advisory locks of resources; SQL faults stay the writer's to read. */
export const resourceLocks = (sql: SqlClient.SqlClient) => {
  /** Taken once the booking row is written or locked: the booking row first, then its resources, everywhere. */
  const lockResources = (ids: ReadonlyArray<string>) =>
    Effect.forEach(
      [...new Set(ids.map(lockKey))].sort((a, b) => a - b),
      (key) => sql`SELECT pg_advisory_xact_lock(${resourceLockSpace}::int, ${key}::int)::text`,
      { discard: true },
    )
  /** Those it holds now as well as those it will hold: removing a row also makes other checks wait. */
  const lockHeldAnd = (bookingId: string, adding: ReadonlyArray<Resource>) =>
    sql`SELECT resource FROM booking_resources WHERE booking_id = ${bookingId}`.pipe(
      decodeAllOrSqlError(HeldRow),
      Effect.flatMap((held) =>
        lockResources([...held.map((r) => r.resource), ...adding.map((r) => r.id as string)]),
      ),
    )

  return { lockResources, lockHeldAnd }
}
