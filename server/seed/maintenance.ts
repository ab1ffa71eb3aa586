import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { UserRow } from "../auth/users"
import { queueMaintenanceCheck } from "../maintenance/queue"

const day = 86_400_000

/**
 * A maintenance profile of the demo CUMA (docs/maintenance.md) on its tractor and combine: an oil
 * change every 500 engine hours done in September (read at 4 300 h), greasing every 50 engine
 * hours done ten days ago, the yearly check done 250 days ago, and an air filter every 250 engine hours
 * never recorded (overdue: what the dashboard shows first).
 */
export const seedMaintenance = (
  cuma: string,
  machines: ReadonlyArray<string>,
  demo: UserRow,
  now = new Date(),
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [tractor, combine] = machines
    if (tractor === undefined || combine === undefined) return
    const [profile] = yield* sql<{
      id: string
    }>`INSERT INTO maintenance_profiles (id, name, soon_share, created_by)
      VALUES (gen_random_uuid(), 'Tracteurs et moissonneuse', 0.1, ${demo.id}) RETURNING id`
    if (!profile) return
    yield* sql`INSERT INTO maintenance_profile_clusters (profile_id, cluster_id) VALUES (${profile.id}, ${cuma})`
    for (const m of [tractor, combine])
      yield* sql`INSERT INTO maintenance_profile_machines (profile_id, machine_id) VALUES (${profile.id}, ${m})`
    const rules = [
      ["Vidange moteur", "engineHours", 500, 500],
      ["Graissage des articulations", "engineHours", 50, 50],
      ["Contrôle annuel", "years", 1, 1],
      ["Filtre à air", "engineHours", 250, 250],
    ] as const
    const ids: Array<string> = []
    for (const [position, [name, counter, frequency, first]] of rules.entries()) {
      const [row] = yield* sql<{ id: string }>`INSERT INTO maintenance_rules
          (id, profile_id, position, name, counter, frequency, first_event)
        VALUES (gen_random_uuid(), ${profile.id}, ${position}, ${name}, ${counter}, ${frequency}, ${first}) RETURNING id`
      if (row) ids.push(row.id)
    }
    const action = (
      ruleIndex: number,
      at: Date,
      comment: string,
      costCents: number | null,
      reading: number | null,
      machine: string = tractor,
    ) =>
      Effect.gen(function* () {
        const [row] = yield* sql<{ id: string }>`INSERT INTO maintenance_actions
            (id, machine_id, done_at, comment, cost_cents, parts, done_by, author_id)
          VALUES (gen_random_uuid(), ${machine}, ${at}, ${comment}, ${costCents}, '', 'Atelier de la CUMA', ${demo.id})
          RETURNING id`
        if (!row) return
        yield* sql`INSERT INTO maintenance_action_rules (action_id, rule_id, rule_name)
          VALUES (${row.id}, ${ids[ruleIndex]}, ${rules[ruleIndex][0]})`
        if (reading !== null)
          yield* sql`INSERT INTO maintenance_readings (machine_id, counter, value, read_at, action_id, entered_by)
            VALUES (${machine}, 'engineHours', ${reading}, ${at}, ${row.id}, ${demo.id})`
      })
    yield* action(0, new Date("2026-09-20T09:00:00Z"), "Huile 15W40, 18 L, filtre à huile", 18_650, 4300)
    yield* action(
      1,
      new Date(now.getTime() - 10 * day),
      "Graisseurs du relevage et de l'essieu avant",
      null,
      null,
    )
    yield* action(
      2,
      new Date(now.getTime() - 250 * day),
      "Contrôle annuel fait par le concessionnaire",
      24_000,
      null,
    )
    // The combine is kept up to date (its counters, from its boxes, are read at each date): only
    // the tractor's air filter is overdue in the demo.
    const daysAgo = (n: number) => new Date(now.getTime() - n * day)
    yield* action(0, daysAgo(30), "Vidange avant la moisson", 21_400, null, combine)
    yield* action(1, daysAgo(4), "Graissage complet", null, null, combine)
    yield* action(2, daysAgo(120), "Contrôle annuel", 31_000, null, combine)
    yield* action(3, daysAgo(30), "Filtre à air neuf", 6_900, null, combine)
    // Their managers are told of what is due once the demo is in place (server/maintenance/alerts.ts).
    for (const m of [tractor, combine]) yield* queueMaintenanceCheck(m)
  })
