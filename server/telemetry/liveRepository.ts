import { SqlClient } from "@effect/sql"
import { DateTime, Effect, Schema } from "effect"
import { LastFix, MachinePosition } from "../../src/schema/api.geoloc"
import { ClusterId, CounterId, MachineId } from "../../src/schema/ids"
import { MachineSummary } from "../../src/schema/machine"
import { NumericColumn, textArray, UtcColumn } from "../db/columns"
import { decodeAll } from "../db/decode"

/** The channel the ingest NOTIFYs with each machine's newest fix; every instance LISTENs on it. */
export const liveChannel = "sillon_live"

/** SPEC §4: an association without an end runs until then. */
const openEnd = "2150-01-01T00:00:00Z"

const Num = Schema.NullOr(NumericColumn)
const PositionRow = Schema.Struct({
  id: MachineId,
  name: Schema.String,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
  live: Schema.Boolean,
  counter_id: Schema.NullOr(CounterId),
  battery: Num,
  last_communication: Schema.NullOr(UtcColumn),
  at: Schema.NullOr(UtcColumn),
  lng: Num,
  lat: Num,
  speed_kmh: Num,
  heading_deg: Num,
})
const AudienceRow = Schema.Struct({ sid: Schema.String, alive: Schema.Boolean, allowed: Schema.Boolean })
const SessionRow = Schema.Struct({ id: Schema.String })

/** The fix the ingest announces: the newest of what a box just sent. */
export interface AnnouncedFix {
  readonly at: string
  readonly lng: number
  readonly lat: number
  readonly spd: number | null
  readonly hdg: number | null
}

/**
 * SQL of "Trouver mes machines" and of the live positions (docs/geoloc.md). Who receives a
 * machine's positions live (docs/rights.md#boxes-data): the holders of its "Vue en temps réel"
 * grant, and those who manage it — "Gérer les machines" with "Voir les machines" in its structure,
 * or its "Gestion" grant while a member of its structure.
 */
export class LiveRepo extends Effect.Service<LiveRepo>()("LiveRepo", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient

    /** Whether the person `user` (an SQL expression) receives the machine `machine`'s positions live. */
    const receivesLive = (user: string, machine: string) =>
      sql.unsafe(`(EXISTS (SELECT 1 FROM machine_grants g WHERE g.machine_id = ${machine} AND g.user_id = ${user}
            AND 'realTimeView' = ANY(g.grants))
        OR EXISTS (SELECT 1 FROM memberships ms JOIN machines mm ON mm.cluster_id = ms.cluster_id
            WHERE mm.id = ${machine} AND ms.user_id = ${user}
              AND (('manageMachine' = ANY(ms.rights) AND 'seeMachines' = ANY(ms.rights))
                OR EXISTS (SELECT 1 FROM machine_grants g WHERE g.machine_id = ${machine} AND g.user_id = ${user}
                  AND 'management' = ANY(g.grants)))))`)

    return {
      /**
       * Every machine `userId` sees (seeMachines in its structure, or any grant on it), by name, with
       * its newest fix (stored or live, within its boxes' associations), the box on it now (else its
       * last one) and whether `userId` receives it live.
       */
      last: (userId: string) =>
        sql`WITH visible AS (
            SELECT m.id, m.name, m.cluster_id, c.name AS cluster_name,
              ${receivesLive("me.id", "m.id")} AS live
            FROM (SELECT ${userId}::uuid AS id) me, machines m JOIN clusters c ON c.id = m.cluster_id
            WHERE EXISTS (SELECT 1 FROM memberships ms WHERE ms.cluster_id = m.cluster_id AND ms.user_id = me.id
                            AND 'seeMachines' = ANY(ms.rights))
               OR EXISTS (SELECT 1 FROM machine_grants g WHERE g.machine_id = m.id AND g.user_id = me.id
                            AND cardinality(g.grants) > 0))
          SELECT v.*, box.counter_id, box.battery, box.last_communication,
            pos.at, pos.lng, pos.lat, pos.speed_kmh, pos.heading_deg
          FROM visible v
          LEFT JOIN LATERAL (
            SELECT a.counter_id, c.battery, c.last_communication
            FROM counter_associations a JOIN counters c ON c.id = a.counter_id
            WHERE a.machine_id = v.id AND a.start_date <= now()
            ORDER BY (now() < coalesce(a.end_date, ${openEnd}::timestamptz)) DESC, a.start_date DESC LIMIT 1
          ) box ON true
          LEFT JOIN LATERAL (
            SELECT x.at, x.lng, x.lat, x.speed_kmh, x.heading_deg
            FROM counter_associations a JOIN telemetry_sources s ON s.counter_id = a.counter_id
            CROSS JOIN LATERAL (
              (SELECT f.at, f.lng, f.lat, f.speed_kmh, f.heading_deg FROM fixes f
                WHERE f.source_id = s.id AND f.at >= a.start_date
                  AND f.at < coalesce(a.end_date, ${openEnd}::timestamptz)
                ORDER BY f.at DESC LIMIT 1)
              UNION ALL
              (SELECT l.at, l.lng, l.lat, l.speed_kmh, l.heading_deg FROM live_fixes l
                WHERE l.source_id = s.id AND l.at >= a.start_date
                  AND l.at < coalesce(a.end_date, ${openEnd}::timestamptz))
            ) x
            WHERE a.machine_id = v.id
            ORDER BY x.at DESC LIMIT 1
          ) pos ON true
          ORDER BY lower(v.name), v.id`.pipe(
          decodeAll(PositionRow),
          Effect.map((rows) =>
            rows.map(
              (r) =>
                new MachinePosition({
                  machine: new MachineSummary({
                    id: r.id,
                    name: r.name,
                    cluster: { id: r.cluster_id, name: r.cluster_name },
                  }),
                  position:
                    r.at === null || r.lng === null || r.lat === null
                      ? null
                      : new LastFix({
                          at: r.at,
                          lng: r.lng,
                          lat: r.lat,
                          speed: r.speed_kmh,
                          heading: r.heading_deg,
                        }),
                  counter: r.counter_id,
                  battery: r.battery,
                  lastCommunication: r.last_communication,
                  live: r.live,
                }),
            ),
          ),
          Effect.orDie,
        ),

      /**
       * NOTIFYs `liveChannel` with the fix of `counterId` taken at `fix.at`, for the machine the box
       * was on at that time (nothing when it was on none): every instance hears it.
       */
      announce: (counterId: string, fix: AnnouncedFix) =>
        sql`SELECT pg_notify(${liveChannel}, json_build_object(
              'machine', a.machine_id, 'counter', c.id, 'at', ${fix.at}::text,
              'lng', ${fix.lng}::float8, 'lat', ${fix.lat}::float8,
              'speed', ${fix.spd}::float8, 'heading', ${fix.hdg}::float8, 'battery', c.battery)::text)
            FROM counter_associations a JOIN counters c ON c.id = a.counter_id
            WHERE a.counter_id = ${counterId} AND a.start_date <= ${fix.at}::timestamptz
              AND ${fix.at}::timestamptz < coalesce(a.end_date, ${openEnd}::timestamptz)`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),

      /**
       * Of the streams' sessions (`sids[i]` of person `uids[i]`), which still stand, and which of
       * those receive `machineId` live.
       */
      audience: (machineId: string, sids: ReadonlyArray<string>, uids: ReadonlyArray<string>) =>
        sql`SELECT s.sid::text AS sid, f.id IS NOT NULL AS alive,
              (f.id IS NOT NULL AND ${receivesLive("s.uid", "x.machine")}) AS allowed
            FROM (SELECT ${machineId}::uuid AS machine) x,
              unnest(${textArray(sids)}::uuid[], ${textArray(uids)}::uuid[]) AS s(sid, uid)
            LEFT JOIN refresh_families f ON f.id = s.sid AND f.user_id = s.uid AND f.revoked_at IS NULL`.pipe(
          decodeAll(AudienceRow),
          Effect.orDie,
        ),

      /** Of `sids`, the sessions that still stand. */
      standing: (sids: ReadonlyArray<string>) =>
        sql`SELECT f.id::text AS id FROM refresh_families f
            WHERE f.id = ANY(${textArray(sids)}::uuid[]) AND f.revoked_at IS NULL`.pipe(
          decodeAll(SessionRow),
          Effect.map((rows) => new Set(rows.map((r) => r.id))),
          Effect.orDie,
        ),
    }
  }),
}) {}

/** `at` as SQL receives an instant. */
export const isoOf = (value: DateTime.Utc) => DateTime.formatIso(value)
