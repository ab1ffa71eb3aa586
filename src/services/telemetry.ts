import { DateTime, Effect } from "effect"
import type { CounterId, MachineId } from "../schema/ids"
import { ApiClient } from "./apiClient"

/** What boxes sent, the calls the charts invoke (SPEC §7). */
const api = ApiClient

const utc = (iso: string) => DateTime.unsafeMake(iso)
const period = (start: string, end: string) => ({ start_date: utc(start), end_date: utc(end) })

export const historyLocs = (id: MachineId, start: string, end: string, page: number) =>
  Effect.flatMap(api, (c) =>
    c.telemetry.historyLocs({ path: { id }, urlParams: { ...period(start, end), page, limit: 100 } }),
  )

export const historyCsv = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) => c.telemetry.historyCsv({ path: { id }, urlParams: period(start, end) }))

export const devicesInformations = (idMachine: MachineId) =>
  Effect.flatMap(api, (c) => c.telemetry.devicesInformations({ urlParams: { idMachine } }))

export const counterFixes = (id: CounterId, start: string, end: string, page: number) =>
  Effect.flatMap(api, (c) =>
    c.telemetry.counterFixes({ path: { id }, urlParams: { ...period(start, end), page, limit: 100 } }),
  )

/** Where a machine has been over a UTC period [start, end) of at most 31 days (its history map). */
export const geolocHistory = (id: MachineId, start: string, end: string) =>
  Effect.flatMap(api, (c) =>
    c.telemetry.geolocHistory({ path: { id }, urlParams: { startDate: utc(start), endDate: utc(end) } }),
  )
