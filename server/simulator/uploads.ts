import type { WireFix } from "../../src/schema/telemetry"
import { random } from "./random"

/** What a box sends, and when. */
export interface Upload {
  /** When the box sends it (UTC). */
  readonly at: string
  readonly fixes: ReadonlyArray<WireFix>
  /** True for a replay of what a dead zone held back. */
  readonly replay: boolean
}

export interface UploadOptions {
  /** Minutes between uploads. */
  readonly everyMinutes: number
  /** Dead zones (no network) in the day, each 20–90 minutes long. */
  readonly deadZones: number
  /** Share of a replay sent again with the next upload (the box did not get the answer). */
  readonly resentShare: number
  /** Fixes per upload at most (the endpoint takes 20,000). */
  readonly maxBatch: number
}

export const defaultUploadOptions: UploadOptions = {
  everyMinutes: 15,
  deadZones: 2,
  resentShare: 0.3,
  maxBatch: 20_000,
}

/**
 * How a box uploads a day's fixes: every 15 minutes what it recorded since; in a dead zone
 * nothing leaves, and when the network is back the backlog goes late, out of order (in shuffled
 * chunks), and part of it twice (with the next upload). Pure and seeded; uploads are in the order
 * they are sent.
 */
export const planUploads = (
  fixes: ReadonlyArray<WireFix>,
  seed: number,
  options: Partial<UploadOptions> = {},
): { uploads: Array<Upload>; deadZones: Array<{ from: string; to: string }> } => {
  const o = { ...defaultUploadOptions, ...options }
  const rnd = random(seed)
  const sorted = [...fixes].sort((a, b) => Date.parse(a.t) - Date.parse(b.t))
  if (sorted.length === 0) return { uploads: [], deadZones: [] }
  const first = Date.parse((sorted[0] as WireFix).t)
  const last = Date.parse((sorted.at(-1) as WireFix).t)
  const span = last - first
  const zones = Array.from({ length: span > 3 * 3600_000 ? o.deadZones : 0 }, () => {
    const length = rnd.between(20, 90) * 60_000
    const from = first + rnd.between(0, Math.max(0, span - length))
    return { from, to: from + length }
  }).sort((a, b) => a.from - b.from)
  const dead = (at: number) => zones.some((z) => at >= z.from && at < z.to)

  const period = o.everyMinutes * 60_000
  const ticks: Array<number> = []
  for (let at = first + period; at < last; at += period) ticks.push(at)
  // The box uploads what is left when it is switched off; after a dead zone, once it is out.
  let end = last + 30_000
  while (dead(end)) end += period
  ticks.push(end)

  const uploads: Array<Upload> = []
  let next = 0
  let resend: Array<WireFix> = []
  let lastSent = first
  const send = (at: number, batch: Array<WireFix>, replay: boolean) => {
    for (let i = 0; i < batch.length; i += o.maxBatch)
      uploads.push({ at: new Date(at).toISOString(), fixes: batch.slice(i, i + o.maxBatch), replay })
  }
  for (const at of ticks) {
    if (dead(at)) continue
    const batch: Array<WireFix> = []
    while (next < sorted.length && Date.parse((sorted[next] as WireFix).t) <= at)
      batch.push(sorted[next++] as WireFix)
    const replay = at - lastSent > period * 1.5
    lastSent = at
    let body = batch
    if (replay) {
      const chunks: Array<Array<WireFix>> = []
      for (let i = 0; i < batch.length; i += 60) chunks.push(batch.slice(i, i + 60))
      body = rnd.shuffle(chunks).flat()
    }
    const again = resend
    resend = replay ? body.filter(() => rnd.chance(o.resentShare)) : []
    if (body.length + again.length > 0) send(at, [...again, ...body], replay)
  }
  if (resend.length > 0) send(ticks.at(-1) as number, resend, true)
  return {
    uploads,
    deadZones: zones.map((z) => ({ from: new Date(z.from).toISOString(), to: new Date(z.to).toISOString() })),
  }
}
