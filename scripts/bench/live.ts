// Size: one measurement (fixes uploaded while streams are open, each fix timed to every stream), on each database.
/**
 * Live positions (issue 15): the time from a box's upload being sent (and accepted) to its fix
 * read as a server-sent event by a client of `GET machinesGeolocation/live`, with 200 streams
 * open, against the same with one stream (the baseline, in the same run on the same database).
 * The server listens on a port in this process (PGlite cannot be shared between processes); the
 * clients are fetch readers in this process too, each stream a session of its own (one sign-in
 * each) of a person who holds the machine's real-time grant. One upload at a time: the next is
 * sent once every stream has read the last one.
 *
 * `npx tsx scripts/bench/live.ts` runs it alone (BENCH_SECONDS, BENCH_BACKENDS=pglite,postgres,
 * BENCH_STREAMS=200).
 */
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { startServer } from "../../server/app"
import { Auth } from "../../server/auth/service"
import type { AppConfig } from "../../server/config"
import { hashSecret, newSecret } from "../../server/ingest/secrets"
import { unreachableProvider } from "../../server/test/app"
import { type Backend, freshDatabase } from "../../server/test/databases"
import { benchBackends, type Figure, percentile, printFigures } from "./report"

const password = "banc-d-essai-live-1"

interface Stream {
  /** Resolves with the time (performance.now()) the fix of `at` is read. */
  readonly arrival: (at: string) => Promise<number>
  readonly close: () => Promise<void>
}

/** A stream read as the browser reads it: fetch, a reader, events cut at blank lines. */
const openStream = async (url: string, token: string): Promise<Stream> => {
  const controller = new AbortController()
  const res = await fetch(`${url}/api/v2/machinesGeolocation/live`, {
    headers: { authorization: `JWT ${token}`, accept: "text/event-stream" },
    signal: controller.signal,
  })
  if (res.status !== 200 || res.body === null) throw new Error(`live answered ${res.status}`)
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  const waiting = new Map<string, (ms: number) => void>()
  const seen = new Map<string, number>()
  let ready: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    ready = resolve
  })
  void (async () => {
    let buffer = ""
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }))
      if (chunk.done) return
      const now = performance.now()
      buffer += decoder.decode(chunk.value, { stream: true })
      for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        if (block.startsWith("event: ready")) ready()
        if (!block.startsWith("event: fix")) continue
        const at = (JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { at: string }).at
        const resolve = waiting.get(at)
        if (resolve) resolve(now)
        else seen.set(at, now)
      }
    }
  })()
  await opened
  return {
    arrival: (at) => {
      const already = seen.get(at)
      if (already !== undefined) return Promise.resolve(already)
      return new Promise((resolve) => waiting.set(at, resolve))
    },
    close: async () => {
      controller.abort()
      await reader.cancel().catch(() => {})
    },
  }
}

const json = async (url: string, method: string, path: string, body: unknown, headers = {}) => {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return text === "" ? undefined : JSON.parse(text)
}

/** Uploads one fix at a time for `seconds`, each timed from its upload to every stream reading it. */
const rounds = async (
  url: string,
  box: { id: string; secret: string },
  streams: ReadonlyArray<Stream>,
  seconds: number,
  clock: { t: number },
) => {
  const latencies: Array<number> = []
  const accepted: Array<number> = []
  const until = performance.now() + seconds * 1000
  while (performance.now() < until || accepted.length < 5) {
    clock.t += 1000
    const at = new Date(clock.t).toISOString()
    const arrivals = streams.map((s) => s.arrival(at))
    const sent = performance.now()
    const res = await fetch(`${url}/api/v2/boxes/${box.id}/fixes`, {
      method: "POST",
      headers: { authorization: `Bearer ${box.secret}`, "content-type": "application/json" },
      body: JSON.stringify({ fixes: [{ t: at, lng: 1.48 + (clock.t % 1000) / 1e6, lat: 48.44, spd: 8 }] }),
    })
    await res.text()
    if (res.status !== 200) throw new Error(`upload answered ${res.status}`)
    accepted.push(performance.now() - sent)
    for (const arrived of await Promise.all(arrivals)) latencies.push(arrived - sent)
  }
  return { latencies, accepted }
}

const measureOn = async (backend: Backend, seconds: number, many: number): Promise<ReadonlyArray<Figure>> => {
  const db = await freshDatabase(backend)
  const config: AppConfig = {
    port: 0,
    host: "127.0.0.1",
    dataDir: db.dataDir,
    databaseUrl: db.databaseUrl,
    smtpUrl: undefined,
    publicUrl: "http://sillon.test",
    accessTokenTtlSeconds: 3600,
    seedDemo: false,
    demoTelemetryDays: 0,
    jwtSecret: undefined,
    trustProxy: true,
    distDir: join(db.dataDir, "no-dist"),
    adminEmails: [],
    vegetation: unreachableProvider,
  }
  const server = await startServer(config)
  const sql = <A>(f: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
    server.runtime.runPromise(Effect.flatMap(SqlClient.SqlClient, f))
  const streams: Array<Stream> = []
  try {
    const { url } = server
    const email = `bench-live-${Date.now()}@example.org`
    const newUser = { email, password, firstname: "Banc", lastname: "Direct" }
    const signed = (await json(url, "POST", "/api/v1/signup", { newUser })) as { jwt: string; id: string }
    await sql((s) => s`UPDATE users SET email_verified_at = now() WHERE id = ${signed.id}`)
    const auth = { authorization: `JWT ${signed.jwt}` }
    const cluster = (await json(
      url,
      "POST",
      "/api/v2/clusters",
      {
        name: "CUMA du Direct",
        type: "sharing",
        kind: "cuma",
        description: null,
        address: {
          street: "1 rue du Four",
          complement: null,
          postalCode: "28000",
          city: "Chartres",
          country: "France",
        },
      },
      auth,
    )) as { id: string }
    const machine = (await json(
      url,
      "POST",
      "/api/v2/machines",
      { cluster: cluster.id, name: "Tracteur" },
      auth,
    )) as {
      id: string
    }
    const box = { id: `LIVE${backend === "pglite" ? "P" : "G"}${Date.now() % 100000}`, secret: newSecret() }
    const registered = new Date(Date.now() - 2 * 86_400_000).toISOString()
    await sql(
      (s) => s`INSERT INTO counters (id, cluster_id, secret_hash, secret_issued_at, created_at)
        VALUES (${box.id}, ${cluster.id}, ${hashSecret(box.secret)}, now(), ${registered}::timestamptz)`,
    )
    await json(
      url,
      "POST",
      `/api/v2/counters/${box.id}/associations`,
      { cluster: cluster.id, machine: machine.id, start_date: registered, end_date: null },
      auth,
    )
    // The fixes' times: from a few hours ago, a second apart, all in the past.
    const clock = { t: Date.now() - 3 * 3_600_000 }
    // Each stream a session of its own, opened as a sign-in does (without its password check and
    // its throttle, which 200 sign-ins of one person in a second would meet).
    const signIn = () =>
      server.runtime.runPromise(
        Effect.flatMap(Auth, (a) => a.signIn(signed.id, false)).pipe(Effect.map((t) => t.token)),
      )

    streams.push(await openStream(url, await signIn()))
    const one = await rounds(url, box, streams, seconds, clock)
    const opening = performance.now()
    while (streams.length < many) {
      const tokens = await Promise.all(Array.from({ length: Math.min(20, many - streams.length) }, signIn))
      streams.push(...(await Promise.all(tokens.map((t) => openStream(url, t)))))
    }
    const opened = performance.now() - opening
    const all = await rounds(url, box, streams, seconds, clock)
    const label = backend === "pglite" ? "PGlite" : "PostgreSQL"
    return [
      {
        name: `${label}: fix accepted → event read, ${many} streams, p95`,
        value: percentile(all.latencies, 95),
        baseline: percentile(one.latencies, 95),
        unit: "ms",
        baselineName: "1 stream",
        note: `median ${percentile(all.latencies, 50).toFixed(1)} ms against ${percentile(one.latencies, 50).toFixed(1)}; ${all.accepted.length} + ${one.accepted.length} uploads (accepted in p95 ${percentile(all.accepted, 95).toFixed(1)} ms against ${percentile(one.accepted, 95).toFixed(1)}); ${many} streams signed in and opened in ${Math.round(opened)} ms`,
      },
    ]
  } finally {
    await Promise.all(streams.map((s) => s.close()))
    await server.close()
    await db.drop()
  }
}

/** The figure on each backend asked for (BENCH_BACKENDS, by default both). */
export const measureLive = async (
  seconds: number,
  backends: ReadonlyArray<Backend> = benchBackends(),
  streams = Number(process.env.BENCH_STREAMS ?? 200),
): Promise<ReadonlyArray<Figure>> => {
  const figures: Array<Figure> = []
  for (const backend of backends) figures.push(...(await measureOn(backend, seconds, streams)))
  return figures
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  measureLive(seconds)
    .then((figures) => printFigures(`Live positions (${seconds} s each)`, figures))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
