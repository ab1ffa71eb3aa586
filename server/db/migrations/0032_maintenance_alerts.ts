import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Maintenance alerts (docs/maintenance.md#alerts): the status each rule of each machine was last
 * told at (soon, due or overdue; no row: nothing to tell), so that its managers are told once per
 * change; a maintenance notification names the machine, the rule (by name: the rule may go) and
 * the status it turned to.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE maintenance_alerts (
    machine_id uuid NOT NULL REFERENCES machines(id) ON DELETE CASCADE,
    rule_id uuid NOT NULL REFERENCES maintenance_rules(id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('soon', 'due', 'overdue')),
    since timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (machine_id, rule_id)
  )`
  yield* sql`ALTER TABLE notifications
    ADD COLUMN machine_id uuid REFERENCES machines(id) ON DELETE CASCADE,
    ADD COLUMN maintenance_rule text,
    ADD COLUMN maintenance_status text`
})
