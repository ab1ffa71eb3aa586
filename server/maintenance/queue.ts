import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** The job that checks one machine's maintenance alerts; payload `{ machineId }`. */
export const maintenanceCheckKind = "maintenance.check"

/**
 * Queues a check of the machine's alerts (docs/maintenance.md#alerts) through the ambient
 * SqlClient: inside a transaction it commits with the change that moved a counter. A check already
 * waiting (not yet taken by a worker) covers this change too: no second one is queued.
 */
export const queueMaintenanceCheck = (machineId: string) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`INSERT INTO jobs (id, kind, payload, max_attempts)
      SELECT gen_random_uuid(), ${maintenanceCheckKind}, jsonb_build_object('machineId', ${machineId}::text), 5
      WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${maintenanceCheckKind}
        AND payload->>'machineId' = ${machineId}::text AND locked_by IS NULL AND dead_at IS NULL)`,
  ).pipe(Effect.asVoid, Effect.orDie)
