import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** The job that checks one machine's maintenance alerts; payload `{ machineId }`. */
export const maintenanceCheckKind = "maintenance.check"

/**
 * Queues a check of the machine's alerts (docs/maintenance.md#alerts) through the ambient
 * SqlClient: inside a transaction it commits with the change that moved a counter. A check already
 * waiting (not yet taken by a worker) covers this change too: no second one is queued.
 * `attachedOnly`: only for a machine carrying a profile (a recomputed day of any machine; a
 * detached machine is checked once, by the detach, to forget what was told).
 */
export const queueMaintenanceCheck = (machineId: string, options: { readonly attachedOnly?: boolean } = {}) =>
  Effect.flatMap(
    SqlClient.SqlClient,
    (sql) => sql`INSERT INTO jobs (id, kind, payload, max_attempts)
      SELECT gen_random_uuid(), ${maintenanceCheckKind}, jsonb_build_object('machineId', ${machineId}::text), 5
      WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${maintenanceCheckKind}
        AND payload->>'machineId' = ${machineId}::text AND locked_by IS NULL AND dead_at IS NULL)
      ${
        options.attachedOnly === true
          ? sql`AND EXISTS (SELECT 1 FROM maintenance_profile_machines WHERE machine_id = ${machineId}::uuid)`
          : sql``
      }`,
  ).pipe(Effect.asVoid, Effect.orDie)
