import { SqlClient } from "@effect/sql"
import { Effect, Layer, Schema } from "effect"
import { type RuleStatus, urgency } from "../../src/schema/maintenance"
import { Locale } from "../../src/schema/user"
import { Config } from "../config"
import { decodeAll } from "../db/decode"
import { Jobs } from "../jobs/jobs"
import { Mailer } from "../mail/mailer"
import { type AlertStatus, maintenanceAlertMail } from "./alertTexts"
import { maintenanceCheckKind } from "./queue"
import { Maintenance } from "./service"

/** The sweep over every machine carrying a profile: rules counted in time age with no counter moving. */
export const maintenanceSweepJob = { kind: "maintenanceAlerts", every: "1 hour" } as const

const Payload = Schema.Struct({ machineId: Schema.UUID })
const Recipient = Schema.Struct({ user_id: Schema.String, email: Schema.String, language: Locale })
const Stored = Schema.Struct({ rule_id: Schema.String, status: Schema.Literal("soon", "due", "overdue") })
const alerting = (s: RuleStatus): s is AlertStatus => s === "soon" || s === "due" || s === "overdue"

/** What one check told: a rule of a machine turned to a status, and how many people heard of it. */
export interface Told {
  readonly machine: string
  readonly rule: string
  readonly status: AlertStatus
  readonly people: number
}

/**
 * One check of a machine's maintenance alerts (docs/maintenance.md#alerts): each rule's status is
 * compared with the one its managers were last told; a rule that turned soon, due or overdue (more
 * urgent than it was) is told once to those who manage the machine (manageMachine in its structure,
 * or a member holding its management grant), in the app and by e-mail in their language. A rule
 * back to ok (an action recorded, a reading) is forgotten, so its next turn is told again. One
 * transaction: the mails leave only with what they report.
 */
export const checkMachineAlerts = (machineId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const maintenance = yield* Maintenance
    const mailer = yield* Mailer
    const { publicUrl } = yield* Config
    const states = yield* maintenance.rulesOfMachine(machineId)
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        // Serialises two checks of one machine (a sweep and a queued check).
        yield* sql`SELECT id FROM machines WHERE id = ${machineId} FOR UPDATE`
        const stored = yield* sql`SELECT rule_id::text, status FROM maintenance_alerts
          WHERE machine_id = ${machineId}`.pipe(decodeAll(Stored))
        const was = new Map(stored.map((r) => [r.rule_id, r.status]))
        const now = new Set(states.map((s) => s.rule.id as string))
        for (const gone of stored.filter((r) => !now.has(r.rule_id)))
          yield* sql`DELETE FROM maintenance_alerts WHERE machine_id = ${machineId} AND rule_id = ${gone.rule_id}`
        const told: Array<Told> = []
        let recipients: ReadonlyArray<typeof Recipient.Type> | null = null
        for (const state of states) {
          const rule = state.rule.id as string
          const before = was.get(rule)
          if (!alerting(state.status)) {
            if (before !== undefined)
              yield* sql`DELETE FROM maintenance_alerts WHERE machine_id = ${machineId} AND rule_id = ${rule}`
            continue
          }
          if (before === state.status) continue
          yield* sql`INSERT INTO maintenance_alerts (machine_id, rule_id, status) VALUES (${machineId}, ${rule}, ${state.status})
            ON CONFLICT (machine_id, rule_id) DO UPDATE SET status = excluded.status, since = now()`
          // Less urgent than told (overdue back to due after a reading): kept, not told.
          if (before !== undefined && urgency[state.status] >= urgency[before]) continue
          recipients ??= yield* sql`SELECT DISTINCT u.id AS user_id, u.email, u.language
            FROM machines m CROSS JOIN LATERAL (
                SELECT ms.user_id FROM memberships ms
                  WHERE ms.cluster_id = m.cluster_id AND 'manageMachine' = ANY(ms.rights)
                UNION SELECT g.user_id FROM machine_grants g WHERE g.machine_id = m.id
                  AND 'management' = ANY(g.grants)
                  AND EXISTS (SELECT 1 FROM memberships gm WHERE gm.cluster_id = m.cluster_id AND gm.user_id = g.user_id)
              ) x JOIN users u ON u.id = x.user_id
            WHERE m.id = ${machineId} ORDER BY u.id`.pipe(decodeAll(Recipient))
          const link = `${publicUrl}/maintenance/machines?machine=${machineId}`
          for (const r of recipients) {
            yield* sql`INSERT INTO notifications (user_id, kind, cluster_id, machine_id, maintenance_rule, maintenance_status)
              VALUES (${r.user_id}, 'maintenanceAlert', ${state.cluster.id}, ${machineId}, ${state.rule.name}, ${state.status})`
            yield* mailer.send({
              to: r.email,
              link,
              ...maintenanceAlertMail(
                state.status,
                {
                  machine: state.machine.name,
                  cluster: state.cluster.name,
                  rule: state.rule.name,
                  unit: state.rule.unit,
                  counter: state.counter,
                  dueAt: state.dueAt,
                },
                link,
                r.language,
              ),
            })
          }
          told.push({ machine: machineId, rule, status: state.status, people: recipients.length })
          yield* Effect.logInfo(
            `Machine ${machineId}: rule ${rule} ${state.status}, ${recipients.length} people told`,
          )
        }
        return told
      }),
    )
  }).pipe(Effect.withSpan("Maintenance.checkMachineAlerts"))

/** The sweep: every machine carrying a profile, checked one after the other. */
export const sweepAlerts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const machines = yield* sql<{
    machine_id: string
  }>`SELECT DISTINCT machine_id::text FROM maintenance_profile_machines`
  const told: Array<Told> = []
  for (const { machine_id } of machines) told.push(...(yield* checkMachineAlerts(machine_id)))
  return told
}).pipe(Effect.withSpan("Maintenance.sweepAlerts"))

/** The checks queued on each counter change, and the hourly sweep (server/jobs). */
export const MaintenanceJobsLive = Layer.effectDiscard(
  Effect.gen(function* () {
    const jobs = yield* Jobs
    const sql = yield* SqlClient.SqlClient
    const maintenance = yield* Maintenance
    const mailer = yield* Mailer
    const config = yield* Config
    const provide = <A, E>(
      effect: Effect.Effect<A, E, SqlClient.SqlClient | Maintenance | Mailer | Config>,
    ) =>
      effect.pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.provideService(Maintenance, maintenance),
        Effect.provideService(Mailer, mailer),
        Effect.provideService(Config, config),
      )
    yield* jobs.register(
      maintenanceCheckKind,
      (payload) =>
        provide(
          Effect.flatMap(Schema.decodeUnknown(Payload)(payload), ({ machineId }) =>
            checkMachineAlerts(machineId),
          ),
        ).pipe(Effect.asVoid),
      { maxAttempts: 5, lease: "5 minutes" },
    )
    yield* jobs.recur(
      maintenanceSweepJob.kind,
      () => provide(sweepAlerts).pipe(Effect.asVoid),
      maintenanceSweepJob.every,
      {
        lease: "30 minutes",
      },
    )
  }).pipe(Effect.orDie),
).pipe(Layer.provide(Maintenance.Default))
