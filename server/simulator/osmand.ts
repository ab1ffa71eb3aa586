import type { WireFix } from "../../src/schema/telemetry"

/**
 * A fix as a phone running Traccar Client sends it in the OsmAnd protocol's query form: the
 * device id (for Sillon, the secret issued when the phone was registered), the position, the
 * time in Unix seconds, the speed in knots, the heading, the altitude, the accuracy and the
 * battery level. A phone knows nothing of vibration, CAN or BLE tags.
 */
export const osmandQuery = (deviceId: string, fix: WireFix): URLSearchParams => {
  const query = new URLSearchParams({
    id: deviceId,
    lat: String(fix.lat),
    lon: String(fix.lng),
    timestamp: String(Math.round(Date.parse(fix.t) / 1000)),
  })
  if (fix.spd !== undefined) query.set("speed", String(Math.round((fix.spd / 1.852) * 100) / 100))
  if (fix.hdg !== undefined) query.set("bearing", String(fix.hdg))
  if (fix.alt !== undefined) query.set("altitude", String(fix.alt))
  if (fix.acc !== undefined) query.set("accuracy", String(fix.acc))
  if (fix.bat !== undefined) query.set("batt", String(fix.bat))
  return query
}
