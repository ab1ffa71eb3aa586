/**
 * The OsmAnd protocol as Traccar documents it (https://www.traccar.org/osmand/) and as Traccar
 * Client speaks it, read into the wire format's fields (a phone has no vibration, no CAN: absent).
 *
 * - Query string (GET, or POST with the parameters in the URL or as a form body): `id` (or
 *   `deviceid`), `lat`, `lon` (or `location=lat,lon`), `timestamp` (unix seconds, milliseconds, ISO
 *   8601, or `yyyy-MM-dd HH:mm:ss` read as UTC; the server's time when absent), `speed` in knots,
 *   `bearing` (or `heading`), `altitude`, `accuracy`, `batt` (percent).
 * - JSON body of current clients: `{"device_id", "location": {"timestamp": ISO, "coords":
 *   {latitude, longitude, accuracy, speed (m/s), heading, altitude}, "battery": {"level": 0..1}}}`;
 *   negative speed, heading or battery level mean unknown.
 */

/** One OsmAnd report: the device id (a Sillon box secret) and the fix in the wire format's keys. */
export interface OsmandReport {
  readonly deviceId: string | undefined
  readonly fix: Record<string, unknown>
}

const knotsToKmh = 1.852
const mpsToKmh = 3.6
/** Below this a numeric timestamp is in seconds, as Traccar reads it (Java's Integer.MAX_VALUE). */
const secondsBelow = 2_147_483_647

/** A query value as a number; any text that is not one stays text (refused as malformed, or not a number). */
const numeric = (value: string | undefined): number | string | undefined => {
  if (value === undefined || value.trim() === "") return undefined
  const n = Number(value)
  return Number.isNaN(n) && !/^\s*[+-]?nan\s*$/i.test(value) ? value : n
}

const timeOf = (value: string | undefined, now: number): string => {
  if (value === undefined || value.trim() === "") return new Date(now).toISOString()
  const v = value.trim()
  if (/^\d+$/.test(v)) {
    const n = Number(v)
    const ms = n < secondsBelow ? n * 1000 : n
    return Number.isFinite(ms) && ms < 8.64e15 ? new Date(ms).toISOString() : v
  }
  const plain = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(v)
  return plain ? `${plain[1]}T${plain[2]}Z` : v
}

const withoutUndefined = (fix: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(fix).filter(([, v]) => v !== undefined))

/** The query-string form: `params` from the URL (or, when it has none, from a form body). */
export const fromQuery = (params: URLSearchParams, now: number): OsmandReport => {
  const get = (key: string) => params.get(key) ?? undefined
  const location = get("location")?.split(",")
  const speed = numeric(get("speed"))
  return {
    deviceId: get("id") ?? get("deviceid"),
    fix: withoutUndefined({
      t: timeOf(get("timestamp"), now),
      lat: numeric(get("lat") ?? location?.[0]),
      lng: numeric(get("lon") ?? location?.[1]),
      spd: typeof speed === "number" ? speed * knotsToKmh : speed,
      hdg: numeric(get("bearing") ?? get("heading")),
      alt: numeric(get("altitude")),
      acc: numeric(get("accuracy")),
      bat: numeric(get("batt")),
    }),
  }
}

const known = (value: unknown) => (typeof value === "number" && value < 0 ? undefined : value)

/** The JSON body form; undefined when `body` is not that shape. */
export const fromJson = (body: unknown): OsmandReport | undefined => {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined
  const { device_id, location } = body as { device_id?: unknown; location?: unknown }
  if (location === null || typeof location !== "object" || Array.isArray(location)) return undefined
  const { timestamp, coords, battery } = location as {
    timestamp?: unknown
    coords?: unknown
    battery?: unknown
  }
  const c = (coords ?? {}) as Record<string, unknown>
  const level = known((battery as { level?: unknown } | undefined)?.level)
  const speed = known(c.speed)
  return {
    deviceId: typeof device_id === "string" ? device_id : undefined,
    fix: withoutUndefined({
      t: timestamp,
      lat: c.latitude,
      lng: c.longitude,
      acc: known(c.accuracy),
      spd: typeof speed === "number" ? speed * mpsToKmh : speed,
      hdg: known(c.heading),
      alt: c.altitude,
      bat: typeof level === "number" ? Math.round(level * 1000) / 10 : level,
    }),
  }
}
