// Size: one measurement on both databases: preparing the same data for Sillon and the Fastify
// baseline, starting the three servers in turn, and the figures they give.
/**
 * GET /api/v2/me under load on each database, against two baselines measured in the same run:
 * a bare node:http server answering the same JSON (the ceiling of Node itself), and a Fastify
 * server doing the same work (`fastifyBaseline.ts`: the same JWT check, session check and query
 * on the same data). `npx tsx scripts/bench/api.ts` runs it alone (BENCH_SECONDS, BENCH_BACKENDS,
 * BENCH_SILLON_DIR).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { cp, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { isDeepStrictEqual } from "node:util"
import { SqlClient } from "@effect/sql"
import autocannon from "autocannon"
import { Effect } from "effect"
import { makeWebApp } from "../../server/app"
import { AccessTokens } from "../../server/auth/jwt"
import { RefreshTokens } from "../../server/auth/refresh"
import { Users } from "../../server/auth/users"
import { configFromEnv } from "../../server/config"
import { pgliteDir } from "../../server/db/client"
import { type Backend, freshDatabase } from "../../server/test/databases"
import { anAddress } from "../../test/e2e/support/people"
import { freePort } from "../../test/e2e/support/server"
import { startFastifyBaseline } from "./fastifyBaseline"
import { benchBackends, type Figure, printFigures } from "./report"

const connections = 50

/** A bare node:http server in its own process answering `body` to every request: the baseline. */
const startBareServer = async (body: string) => {
  const code = `require("node:http").createServer((q,s)=>{s.writeHead(200,{"content-type":"application/json"});s.end(process.env.BODY)}).listen(0,"127.0.0.1",function(){console.log(this.address().port)})`
  const child = spawn("node", ["-e", code], {
    env: { ...process.env, BODY: body },
    stdio: ["ignore", "pipe", "inherit"],
  })
  const port = await new Promise<number>((resolve) =>
    child.stdout.once("data", (d) => resolve(Number(String(d).trim()))),
  )
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: async () => void child.kill() }
}

/** A person with an address and a session on the demo data, and an access token valid for an hour. */
const prepareData = async (dataDir: string, databaseUrl: string | undefined) => {
  const config = { ...configFromEnv({}), dataDir, databaseUrl, seedDemo: true, port: 0 }
  const app = await makeWebApp({ ...config, accessTokenTtlSeconds: 3600 })
  try {
    return await app.runtime.runPromise(
      Effect.gen(function* () {
        const users = yield* Users
        const created = yield* users.create({
          email: `bench-${Date.now()}@sillon.test`,
          passwordHash: null,
          firstname: "Camille",
          lastname: "Durand",
        })
        if (!created) return yield* Effect.die("no user")
        yield* users.update(created.id, { address: anAddress })
        // The statistics of the tables just written, as a database in use has them.
        yield* (yield* SqlClient.SqlClient)`VACUUM ANALYZE`
        const session = yield* (yield* RefreshTokens).issue(created.id, false)
        return yield* (yield* AccessTokens).sign(created.id, session.sessionId)
      }),
    )
  } finally {
    await app.dispose()
  }
}

/**
 * `node server/main.ts` on the prepared database, as `npm start` runs it (without the client, with
 * its young-generation size: docs/operations.md#nodejs).
 * BENCH_SILLON_DIR runs the server of another checkout instead (an earlier commit, to compare).
 */
const startSillon = async (env: Record<string, string>) => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ""
  const child: ChildProcess = spawn(
    "node",
    ["--max-semi-space-size=64", "--import", "tsx", "server/main.ts"],
    {
      cwd: process.env.BENCH_SILLON_DIR || undefined,
      env: { ...process.env, PORT: String(port), SEED_DEMO: "0", DATABASE_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  )
  child.stdout?.on("data", (d) => {
    output += d
  })
  child.stderr?.on("data", (d) => {
    output += d
  })
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Sillon exited early:\n${output}`)
    if (Date.now() > deadline) throw new Error(`Sillon did not become healthy:\n${output}`)
    // A request that arrives after the port opens and before the app is built is never answered.
    const health = fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })
    if (
      await health.then(
        (r) => r.ok,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM")
        await new Promise((r) => child.once("exit", r))
      }
    },
  }
}

interface Prepared {
  readonly token: string
  readonly sillonEnv: Record<string, string>
  /** The data for one baseline server: a PGlite folder of its own, or the same PostgreSQL database. */
  readonly baselineEnv: () => Promise<{ readonly DATA_DIR?: string; readonly DATABASE_URL?: string }>
  readonly cleanup: () => Promise<void>
}

/** PGlite: the data prepared once, then copied for each baseline, since a PGlite folder is one process's. */
const preparePglite = async (): Promise<Prepared> => {
  const database = await freshDatabase("pglite")
  const token = await prepareData(database.dataDir, undefined)
  const copies: Array<string> = []
  return {
    token,
    sillonEnv: { DATA_DIR: database.dataDir },
    baselineEnv: async () => {
      const copy = await mkdtemp(join(tmpdir(), "sillon-bench-baseline-"))
      copies.push(copy)
      await cp(pgliteDir(database.dataDir), pgliteDir(copy), { recursive: true })
      return { DATA_DIR: copy }
    },
    cleanup: async () => {
      await database.drop()
      for (const copy of copies) await rm(copy, { recursive: true, force: true })
    },
  }
}

/** PostgreSQL: a fresh database on the server (dropped afterwards), which all servers share. */
const preparePostgres = async (): Promise<Prepared> => {
  const database = await freshDatabase("postgres")
  const url = database.databaseUrl ?? ""
  const token = await prepareData(database.dataDir, url)
  return {
    token,
    sillonEnv: { DATA_DIR: database.dataDir, DATABASE_URL: url },
    baselineEnv: async () => ({ DATABASE_URL: url }),
    cleanup: database.drop,
  }
}

const load = (url: string, token: string, seconds: number) =>
  autocannon({
    url: `${url}/api/v2/me`,
    connections,
    duration: seconds,
    headers: { authorization: `JWT ${token}` },
  })

const meOf = async (url: string, token: string) => {
  const answer = await fetch(`${url}/api/v2/me`, { headers: { authorization: `JWT ${token}` } })
  if (!answer.ok) throw new Error(`${url}/api/v2/me answered ${answer.status}`)
  return answer.text()
}

const checked = async (url: string, token: string, seconds: number) => {
  const result = await load(url, token, seconds)
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts) under load`,
    )
  return result
}

interface Measure {
  readonly rate: number
  readonly p99: number
  /** The server process's CPU time (all its threads) per answered request, in ms; NaN off Linux. */
  readonly cpu: number
}

/** CPU time a process has used so far, in ms (Linux: utime + stime of /proc/<pid>/stat, 100 Hz). */
const cpuTimeOf = (pid: number | undefined): number => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

/**
 * Every server warmed up (the JIT), then measured in turn, twice, the second time in the reverse
 * order (A B C C B A), half the time each: a server measured first no longer meets the database
 * still settling from the data just written, nor one measured last a machine already tired.
 */
const measureAll = async (
  servers: ReadonlyArray<{ readonly url: string; readonly pid: number | undefined }>,
  token: string,
  seconds: number,
): Promise<ReadonlyArray<Measure>> => {
  for (const server of servers) await checked(server.url, token, Math.max(1, Math.round(seconds / 5)))
  const half = Math.max(1, Math.round(seconds / 2))
  const runs = servers.map(() => [] as Array<autocannon.Result>)
  const cpu = servers.map(() => 0)
  const order = servers.map((_, i) => i)
  for (const i of [...order, ...[...order].reverse()]) {
    const before = cpuTimeOf(servers[i]?.pid)
    runs[i]?.push(await checked(servers[i]?.url ?? "", token, half))
    cpu[i] = (cpu[i] ?? 0) + cpuTimeOf(servers[i]?.pid) - before
  }
  const mean = (values: ReadonlyArray<number>) => values.reduce((a, b) => a + b, 0) / values.length
  return runs.map((results, i) => ({
    rate: mean(results.map((r) => r.requests.average)),
    p99: mean(results.map((r) => r.latency.p99)),
    cpu: (cpu[i] ?? Number.NaN) / results.reduce((n, r) => n + r.requests.total, 0),
  }))
}

const names: Record<Backend, string> = { pglite: "PGlite", postgres: "PostgreSQL server" }

type Running = {
  readonly url: string
  readonly pid: number | undefined
  readonly stop: () => Promise<void>
}

const measureOn = async (backend: Backend, seconds: number): Promise<ReadonlyArray<Figure>> => {
  const prepared = await (backend === "pglite" ? preparePglite() : preparePostgres())
  const running: Array<Running> = []
  const started = async (server: Promise<Running>) => {
    const up = await server
    running.push(up)
    return up
  }
  try {
    const sillon = await started(startSillon(prepared.sillonEnv))
    const fastify = await started(startFastifyBaseline(await prepared.baselineEnv()))
    // The same work through the same code, served by Effect's HttpApi: the framework's floor.
    const effect = await started(
      startFastifyBaseline({
        ...(await prepared.baselineEnv()),
        ...(backend === "pglite" ? { PREPARED: "1" as const } : {}),
        SERVER: "effect",
      }),
    )
    // On PGlite, also Fastify on Sillon's own statement path: the framework's share alone.
    const sameDriver =
      backend === "pglite"
        ? await started(startFastifyBaseline({ ...(await prepared.baselineEnv()), PREPARED: "1" }))
        : undefined
    const json = await meOf(sillon.url, prepared.token)
    for (const baseline of [fastify, effect, ...(sameDriver ? [sameDriver] : [])]) {
      const answer = await meOf(baseline.url, prepared.token)
      if (!isDeepStrictEqual(JSON.parse(answer), JSON.parse(json)))
        throw new Error(`a baseline answers ${answer}, Sillon ${json}`)
    }
    const bare = await started(startBareServer(json))
    const [ours, fast, floor, node, onOurs] = await measureAll(
      [sillon, fastify, effect, bare, ...(sameDriver ? [sameDriver] : [])],
      prepared.token,
      seconds,
    )
    if (!ours || !fast || !floor || !node) throw new Error("a server was not measured")
    const name = names[backend]
    const rate = `GET /api/v2/me requests/s, ${name} (${connections} connections)`
    return [
      {
        name: rate,
        value: ours.rate,
        baseline: fast.rate,
        unit: "req/s",
        baselineName: "Fastify, same JWT check, session check and query",
      },
      {
        name: `The framework's floor: a bare Effect HttpApi server doing the same work, ${name}`,
        value: floor.rate,
        baseline: fast.rate,
        unit: "req/s",
        baselineName: "Fastify, same work",
      },
      {
        name: rate,
        value: ours.rate,
        baseline: floor.rate,
        unit: "req/s",
        baselineName: "bare Effect HttpApi server, same work (what Sillon adds to its framework)",
      },
      {
        name: rate,
        value: ours.rate,
        baseline: node.rate,
        unit: "req/s",
        baselineName: "bare node:http, same JSON",
      },
      ...(onOurs
        ? [
            {
              name: rate,
              value: ours.rate,
              baseline: onOurs.rate,
              unit: "req/s",
              baselineName: "Fastify, same work, on Sillon's prepared PGlite statements",
            },
          ]
        : []),
      // The CPU time each process spends per request: what the machine's other load disturbs least.
      ...(Number.isFinite(ours.cpu)
        ? [
            {
              name: `GET /api/v2/me CPU time per request, ${name}`,
              value: ours.cpu,
              baseline: fast.cpu,
              unit: "ms",
              baselineName: "Fastify, same work",
            },
            {
              name: `GET /api/v2/me CPU time per request, ${name}`,
              value: ours.cpu,
              baseline: floor.cpu,
              unit: "ms",
              baselineName: "bare Effect HttpApi server, same work",
            },
          ]
        : []),
      {
        name: `GET /api/v2/me p99 latency, ${name}`,
        value: ours.p99,
        baseline: fast.p99,
        unit: "ms",
        baselineName: "Fastify, same work",
      },
    ]
  } finally {
    for (const server of running.reverse()) await server.stop()
    await prepared.cleanup()
  }
}

/** Both databases unless `backends` says otherwise. */
export const measureApi = async (
  seconds: number,
  backends: ReadonlyArray<Backend> = ["pglite", "postgres"],
): Promise<ReadonlyArray<Figure>> => {
  const figures: Array<Figure> = []
  for (const backend of backends) figures.push(...(await measureOn(backend, seconds)))
  return figures
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10)
  const backends = benchBackends()
  measureApi(seconds, backends)
    .then((figures) => printFigures(`API under load (${seconds} s each)`, figures))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
