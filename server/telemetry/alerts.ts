import { SqlClient } from "@effect/sql"
import { Effect, Schema } from "effect"
import { lowBatteryPercent, silentAfterHours } from "../../src/schema/counter"
import { Locale } from "../../src/schema/user"
import { NumericColumn, UtcColumn } from "../db/columns"
import { decodeAll } from "../db/decode"
import type { Mailer } from "../mail/mailer"
import { type BoxAlertKind, boxAlertMail } from "./alertTexts"

export { lowBatteryPercent, silentAfterHours }

const Started = Schema.Struct({
  counter_id: Schema.String,
  kind: Schema.Literal("boxSilent", "boxLowBattery"),
  cluster_id: Schema.String,
  cluster_name: Schema.String,
  machine_name: Schema.NullOr(Schema.String),
  battery: Schema.NullOr(NumericColumn),
  last_communication: Schema.NullOr(UtcColumn),
})
const Recipient = Schema.Struct({ user_id: Schema.String, email: Schema.String, language: Locale })

/**
 * One check of every box of a structure: an episode starts when a box that has spoken has been
 * silent more than a day, or reports a battery under 20 %; its users (those of
 * `counters/{id}/users_alertes`: the members holding "Modifier les compteurs") are told once, in
 * the app and by e-mail in their language. The episode ends, silently, when the box speaks again
 * or its battery is back, so the next one tells them again. All in one transaction: the mails leave
 * only if the episode is recorded (the mail jobs commit with it).
 */
export const checkBoxAlerts = (mailer: Mailer, publicUrl: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        yield* sql`DELETE FROM counter_alerts ca USING counters c
          WHERE c.id = ca.counter_id AND (
            (ca.kind = 'boxSilent' AND (c.last_communication IS NULL
              OR c.last_communication >= now() - ${silentAfterHours} * interval '1 hour'))
            OR (ca.kind = 'boxLowBattery' AND (c.battery IS NULL OR c.battery >= ${lowBatteryPercent})))`
        const started = yield* sql`WITH started AS (
            INSERT INTO counter_alerts (counter_id, kind)
            SELECT id, 'boxSilent' FROM counters
              WHERE cluster_id IS NOT NULL AND last_communication < now() - ${silentAfterHours} * interval '1 hour'
            UNION ALL
            SELECT id, 'boxLowBattery' FROM counters WHERE cluster_id IS NOT NULL AND battery < ${lowBatteryPercent}
            ON CONFLICT DO NOTHING
            RETURNING counter_id, kind)
          SELECT s.counter_id, s.kind, c.cluster_id, cl.name AS cluster_name, c.battery, c.last_communication,
            (SELECT m.name FROM counter_associations a JOIN machines m ON m.id = a.machine_id
              WHERE a.counter_id = c.id AND a.start_date <= now()
                AND now() < coalesce(a.end_date, '2150-01-01T00:00:00Z'::timestamptz) LIMIT 1) AS machine_name
          FROM started s JOIN counters c ON c.id = s.counter_id JOIN clusters cl ON cl.id = c.cluster_id
          ORDER BY s.counter_id, s.kind`.pipe(decodeAll(Started))
        for (const alert of started) {
          const recipients = yield* sql`SELECT u.id AS user_id, u.email, u.language
            FROM memberships ms JOIN users u ON u.id = ms.user_id
            WHERE ms.cluster_id = ${alert.cluster_id} AND 'editCounters' = ANY(ms.rights)`.pipe(
            decodeAll(Recipient),
          )
          const link = `${publicUrl}/counter`
          for (const r of recipients) {
            yield* sql`INSERT INTO notifications (user_id, kind, cluster_id, counter_id)
              VALUES (${r.user_id}, ${alert.kind}, ${alert.cluster_id}, ${alert.counter_id})`
            const facts = {
              box: alert.counter_id,
              cluster: alert.cluster_name,
              machine: alert.machine_name,
              battery: alert.battery === null ? null : Math.round(alert.battery),
              lastCommunication:
                alert.last_communication === null
                  ? null
                  : new Date(alert.last_communication.epochMillis)
                      .toISOString()
                      .slice(0, 16)
                      .replace("T", " "),
            }
            yield* mailer.send({
              to: r.email,
              link,
              ...boxAlertMail(alert.kind as BoxAlertKind, facts, link, r.language),
            })
          }
          yield* Effect.logInfo(`Box ${alert.counter_id}: ${alert.kind}, ${recipients.length} people told`)
        }
        return started.map((a) => ({ counter: a.counter_id, kind: a.kind }))
      }),
    )
  }).pipe(Effect.withSpan("Telemetry.checkBoxAlerts"))
