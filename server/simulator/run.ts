import { mkdir, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import type { MultiPolygon, Polygon, Position } from "geojson"

import { type FleetMachine, type Implement, simMachineOf, yardFor } from "./fleet"
import type { SimField, SimulatedDay } from "./generate"
import { osmandQuery } from "./osmand"
import { simulateDays } from "./plan"
import { random } from "./random"
import { planUploads } from "./uploads"

/**
 * `npm run simulate`: drives the boxes of a running Sillon through simulated working days, over
 * HTTP only. It reads what it needs as a person would (signed in: the boxes on machines, the
 * machines, the BLE tags, the fields), and sends what each box would: its uploads to
 * `POST /api/v2/boxes/{id}/fixes` with the box's secret (a phone: one OsmAnd query per fix), and,
 * when replaying in real time, its live position every 30 s. Nothing is written in the database
 * any other way. docs/simulator.md documents the options.
 */
export interface RunOptions {
  /** Base address of the server, e.g. http://127.0.0.1:8080. */
  readonly server: string
  readonly email: string
  readonly password: string
  /** Box ids to drive (default: every box on a machine that the person sees). */
  readonly boxes?: ReadonlyArray<string>
  /** How many days, ending yesterday (UTC). */
  readonly days: number
  /** Only the first hours of each day (default: the whole day). */
  readonly hours?: number
  /** Today too, until now (a box registered today can send nothing older: its fixes would be refused). */
  readonly today?: boolean
  readonly seed: number
  /** "all": everything at once, in the order the boxes would send it; a number: real time sped up that much. */
  readonly speedUp: "all" | number
  /** Box secrets by box id. */
  readonly secrets: Readonly<Record<string, string>>
  /** Issue new secrets, through the admin API, to the boxes without one given (an administrator's account). */
  readonly rotate: boolean
  /** Where to write the ground truth (one JSON file per box and day), if anywhere. */
  readonly truthDir?: string
  /** The yard, [lng, lat] (default: south of the fields). */
  readonly yard?: Position
  readonly now?: Date
  readonly log?: (line: string) => void
  readonly fetch?: typeof fetch
}

export interface BoxReport {
  readonly box: string
  readonly machine: string
  readonly kind: "box" | "phone"
  readonly days: number
  readonly fixes: number
  readonly requests: number
  /** What the server answered: stored, already known, refused. */
  readonly new: number
  readonly known: number
  readonly refused: number
  /** Refusals (and a phone's failed reports) by reason. */
  readonly reasons: Readonly<Record<string, number>>
  readonly failures: number
}

interface ApiCounter {
  readonly id: string
  readonly battery: number | null
  readonly kind?: "box" | "phone"
  readonly cluster: { readonly id: string } | null
  readonly machine: { readonly id: string; readonly name: string } | null
}
interface ApiMachine {
  readonly id: string
  readonly name: string
  readonly cluster: { readonly id: string }
  readonly toolWidthMeters: number | null
  readonly maxWorkingSpeedKmh: number | null
  readonly canPresent: boolean
  readonly maintenance: { readonly engineHours: number | null }
  readonly currentCounter: string | null
}
interface ApiTag {
  readonly id: string
  readonly type: "machine" | "user"
  readonly cluster: { readonly id: string } | null
  readonly machine: { readonly id: string } | null
  readonly user: { readonly id: string } | null
}
interface ApiField {
  readonly id: string
  readonly name: string
  readonly geometry: Polygon | MultiPolygon
}

/** One request a box or phone makes, at the simulated time it makes it. */
interface Send {
  readonly at: number
  readonly box: string
  readonly run: () => Promise<void>
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export const runSimulation = async (o: RunOptions): Promise<ReadonlyArray<BoxReport>> => {
  const log = o.log ?? (() => {})
  const http = o.fetch ?? fetch
  const url = (path: string) => new URL(path, o.server).toString()
  const call = async (method: string, path: string, init: { token?: string; body?: unknown } = {}) => {
    const res = await http(url(path), {
      method,
      headers: {
        ...(init.token ? { authorization: `JWT ${init.token}` } : {}),
        ...(init.body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    })
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
    return res.status === 204 ? undefined : res.json()
  }

  const { token } = (await call("POST", "/api/v2/auth/login", {
    body: { email: o.email, password: o.password },
  })) as { token: string }
  const get = async <A>(path: string) => (await call("GET", path, { token })) as A
  const counters = (await get<Array<ApiCounter>>("/api/v2/counters")).filter(
    (c) => c.machine !== null && (o.boxes === undefined || o.boxes.includes(c.id)),
  )
  if (counters.length === 0) throw new Error("no box on a machine to drive (see --boxes)")
  const machines = new Map<string, ApiMachine>()
  const machine = async (id: string) => {
    const known = machines.get(id)
    if (known) return known
    const m = await get<ApiMachine>(`/api/v2/machines/${id}`)
    machines.set(id, m)
    return m
  }
  const tags = await get<Array<ApiTag>>("/api/v2/ble_tag")
  const fields: Array<SimField> = (await get<Array<ApiField>>("/api/v2/fields")).map((f) => ({
    id: f.id,
    name: f.name,
    geometry: f.geometry,
  }))
  if (fields.length === 0) throw new Error("no field to work: the person sees none")

  // Each box's secret: given, or issued now through the admin API.
  const secrets = new Map(Object.entries(o.secrets))
  for (const c of counters)
    if (!secrets.has(c.id) && o.rotate) {
      const issued = (await call("POST", `/api/v2/admin/counters/${encodeURIComponent(c.id)}/secret`, {
        token,
      })) as {
        secret: string
      }
      secrets.set(c.id, issued.secret)
      log(`${c.id}: new secret issued (the box's previous secret no longer works)`)
    }
  const driven = counters.filter((c) => {
    if (secrets.has(c.id)) return true
    log(`${c.id}: skipped, no secret (give it with --secrets, or --rotate as an administrator)`)
    return false
  })

  const now = o.now ?? new Date()
  const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`)
  const shift = o.today ? 1 : 0
  const days = Array.from({ length: o.days }, (_, i) => isoDay(today - (o.days - i - shift) * 86_400_000))
  const yard = o.yard ?? yardFor(fields)
  const profiles = await Promise.all(
    driven.map(async (c) => {
      const m = await machine((c.machine as { id: string }).id)
      const cluster = c.cluster?.id ?? m.cluster.id
      const driver = tags.find((t) => t.type === "user" && t.user && t.cluster?.id === cluster)
      // A tractor pulls an implement of its structure that carries a tag and no box.
      let implement: Implement | undefined
      if (m.toolWidthMeters === null)
        for (const t of tags.filter((t) => t.type === "machine" && t.machine && t.cluster?.id === cluster)) {
          const candidate = await machine((t.machine as { id: string }).id)
          if (candidate.currentCounter === null && candidate.toolWidthMeters !== null) {
            implement = { tag: t.id, ...candidate }
            break
          }
        }
      const fleet: FleetMachine = { ...m, engineHours: m.maintenance.engineHours }
      const phone = c.kind === "phone"
      return {
        counter: c,
        machine: m,
        phone,
        sim: simMachineOf(fleet, { implement, driverTag: driver?.id, phone }),
      }
    }),
  )
  const simulated = simulateDays({
    days,
    yard,
    fields,
    // Each box's battery from what it last said (a full one when it never said).
    boxes: profiles.map((p) => ({ machine: p.sim, battery: p.counter.battery ?? 100, workRate: 1 })),
    seed: o.seed,
    restOnSundays: false,
  })

  const reports = profiles.map((p, b) => ({
    box: p.counter.id,
    machine: p.machine.name,
    kind: p.phone ? ("phone" as const) : ("box" as const),
    days: simulated[b]?.length ?? 0,
    fixes: 0,
    requests: 0,
    new: 0,
    known: 0,
    refused: 0,
    reasons: {} as Record<string, number>,
    failures: 0,
  }))
  const sends: Array<Send> = []
  const rnd = random(o.seed).fork(7)
  for (const [b, p] of profiles.entries()) {
    const report = reports[b] as (typeof reports)[number]
    const secret = secrets.get(p.counter.id) as string
    const id = encodeURIComponent(p.counter.id)
    const count = (reason: string) => {
      report.reasons[reason] = (report.reasons[reason] ?? 0) + 1
    }
    for (const whole of simulated[b] ?? []) {
      const untilNow = { ...whole, fixes: whole.fixes.filter((f) => Date.parse(f.t) <= now.getTime()) }
      const day = o.hours === undefined ? untilNow : firstHours(untilNow, o.hours)
      report.fixes += day.fixes.length
      if (o.truthDir) await writeTruth(o.truthDir, p.counter.id, p.machine.id, whole)
      const { uploads } = planUploads(day.fixes, rnd.int(0, 2 ** 31 - 1))
      if (p.phone) {
        // A phone sends each fix as it takes it (a dead zone's, in order, once the network is back).
        for (const u of uploads)
          for (const fix of [...u.fixes].sort((x, y) => x.t.localeCompare(y.t)))
            sends.push({
              at: u.replay ? Date.parse(u.at) : Date.parse(fix.t),
              box: p.counter.id,
              run: async () => {
                report.requests += 1
                const res = await http(url(`/api/v2/osmand?${osmandQuery(secret, fix)}`), { method: "POST" })
                if (res.ok) {
                  await res.arrayBuffer()
                  report.new += 1
                } else {
                  report.failures += 1
                  const body = (await res.json().catch(() => ({}))) as { code?: string }
                  count(body.code ?? String(res.status))
                }
              },
            })
        continue
      }
      for (const u of uploads)
        sends.push({
          at: Date.parse(u.at),
          box: p.counter.id,
          run: async () => {
            report.requests += 1
            const res = await http(url(`/api/v2/boxes/${id}/fixes`), {
              method: "POST",
              headers: {
                authorization: `Bearer ${secret}`,
                "content-type": "application/json",
                "content-encoding": "gzip",
              },
              body: gzipSync(JSON.stringify({ fixes: u.fixes })),
            })
            if (!res.ok) {
              report.failures += 1
              log(
                `${p.counter.id}: upload of ${u.fixes.length} fixes refused: ${res.status} ${await res.text()}`,
              )
              return
            }
            const answer = (await res.json()) as {
              new: number
              known: number
              refused: ReadonlyArray<unknown>
            }
            report.new += answer.new
            report.known += answer.known
            report.refused += answer.refused.length
          },
        })
      // Live positions every 30 s while moving, only when replaying in real time.
      if (o.speedUp !== "all") {
        let lastLive = Number.NEGATIVE_INFINITY
        for (const fix of day.fixes) {
          const at = Date.parse(fix.t)
          if ((fix.spd ?? 0) < 1 || at - lastLive < 30_000) continue
          lastLive = at
          sends.push({
            at,
            box: p.counter.id,
            run: async () => {
              const res = await http(url(`/api/v2/boxes/${id}/live`), {
                method: "POST",
                headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
                body: JSON.stringify(fix),
              })
              await res.arrayBuffer()
            },
          })
        }
      }
    }
  }
  sends.sort((a, b) => a.at - b.at)
  log(
    `${profiles.length} box(es), ${days.length} day(s) from ${days[0]} to ${days.at(-1)}: ${sends.length} requests to send${
      o.speedUp === "all" ? " at once" : ` in real time ×${o.speedUp}`
    }`,
  )
  const wallStart = Date.now()
  const simStart = sends[0]?.at ?? 0
  for (const send of sends) {
    if (o.speedUp !== "all") {
      const wait = wallStart + (send.at - simStart) / o.speedUp - Date.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    }
    await send.run()
  }
  return reports
}

/** The first `hours` of a day (the fixes sent; the ground truth written stays the whole day's). */
const firstHours = (day: SimulatedDay, hours: number): SimulatedDay => {
  const until = Date.parse(day.truth.start) + hours * 3600_000
  return { ...day, fixes: day.fixes.filter((f) => Date.parse(f.t) < until) }
}

/** `<dir>/<box>/<day>.json`: the day's ground truth (docs/simulator.md describes it). */
export const writeTruth = async (dir: string, box: string, machineId: string, day: SimulatedDay) => {
  const folder = join(dir, box.replace(/[^A-Za-z0-9_.-]/g, "_"))
  await mkdir(folder, { recursive: true })
  await writeFile(join(folder, `${day.truth.day}.json`), JSON.stringify({ box, machineId, ...day.truth }))
}
