import type { DateTime } from "effect"
import { isMoving, type LiveFix, type MachinePosition } from "../../schema/api.geoloc"
import type { ClusterId, MachineId } from "../../schema/ids"

/** A machine as the screen shows it: its latest position, the live fix when newer. */
export interface ShownMachine {
  readonly id: MachineId
  readonly name: string
  readonly cluster: { readonly id: ClusterId; readonly name: string }
  readonly position: {
    readonly at: DateTime.Utc
    readonly lng: number
    readonly lat: number
    readonly speed: number | null
  } | null
  readonly battery: number | null
  readonly live: boolean
}

/** The machines loaded, each moved to its live fix when that one is newer. */
export const shownMachines = (
  machines: ReadonlyArray<MachinePosition>,
  fixes: Readonly<Record<string, LiveFix>>,
): ReadonlyArray<ShownMachine> =>
  machines.map((m) => {
    const fix = fixes[m.machine.id]
    const newer = fix !== undefined && (m.position === null || fix.at.epochMillis > m.position.at.epochMillis)
    return {
      id: m.machine.id,
      name: m.machine.name,
      cluster: m.machine.cluster,
      position: newer ? fix : m.position,
      battery: newer && fix.battery !== null ? fix.battery : m.battery,
      live: m.live,
    }
  })

/** Whether the machine is moving now (docs/geoloc.md: its last fix faster than 2 km/h, within 10 min). */
export const movingNow = (m: ShownMachine, now: number) =>
  m.position !== null && isMoving(m.position.speed, m.position.at.epochMillis, now)

/** "il y a 4 min", in the page's language (Intl.RelativeTimeFormat). */
export const ageText = (locale: string, atMs: number, nowMs: number): string => {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" })
  const seconds = Math.max(0, Math.round((nowMs - atMs) / 1000))
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  if (seconds < 60) return format.format(-seconds, "second")
  if (minutes < 60) return format.format(-minutes, "minute")
  if (hours < 24) return format.format(-hours, "hour")
  if (days < 30) return format.format(-days, "day")
  if (days < 365) return format.format(-Math.floor(days / 30), "month")
  return format.format(-Math.floor(days / 365), "year")
}
