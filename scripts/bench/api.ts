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
import { cp, mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { isDeepStrictEqual } from "node:util"
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
import { type Figure, printFigures } from "./report"

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
  return { url: `http://127.0.0.1:${port}`, stop: async () => void child.kill() }
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
        const session = yield* (yield* RefreshTokens).issue(created.id, false)
        return yield* (yield* AccessTokens).sign(created.id, session.sessionId)
      }),
    )
  } finally {
    await app.dispose()
  }
}

/**
 * `node server/main.ts` on the prepared database, as `npm start` runs it (without the client).
 * BENCH_SILLON_DIR runs the server of another checkout instead (an earlier commit, to compare).
 */
const startSillon = async (env: Record<string, string>) => {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ""
  const child: ChildProcess = spawn("node", ["--import", "tsx", "server/main.ts"], {
    cwd: process.env.BENCH_SILLON_DIR || undefined,
    env: { ...process.env, PORT: String(port), SEED_DEMO: "0", DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  })
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
  readonly baselineEnv: { readonly DATA_DIR?: string; readonly DATABASE_URL?: string }
  readonly cleanup: () => Promise<void>
}

/** PGlite: the data prepared once, then copied, since a PGlite folder is one process's. */
const preparePglite = async (): Promise<Prepared> => {
  const database = await freshDatabase("pglite")
  const token = await prepareData(database.dataDir, undefined)
  const copy = await mkdtemp(join(tmpdir(), "sillon-bench-fastify-"))
  await cp(pgliteDir(database.dataDir), pgliteDir(copy), { recursive: true })
  return {
    token,
    sillonEnv: { DATA_DIR: database.dataDir },
    baselineEnv: { DATA_DIR: copy },
    cleanup: async () => {
      await database.drop()
      await rm(copy, { recursive: true, force: true })
    },
  }
}

/** PostgreSQL: a fresh database on the server (dropped afterwards), which both servers share. */
const preparePostgres = async (): Promise<Prepared> => {
  const database = await freshDatabase("postgres")
  const url = database.databaseUrl ?? ""
  const token = await prepareData(database.dataDir, url)
  return {
    token,
    sillonEnv: { DATA_DIR: database.dataDir, DATABASE_URL: url },
    baselineEnv: { DATABASE_URL: url },
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

/** Warmed up (the JIT of each server) for a fifth of the run, then measured. */
const measured = async (url: string, token: string, seconds: number) => {
  await load(url, token, Math.max(1, Math.round(seconds / 5)))
  const result = await load(url, token, seconds)
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(
      `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors (${result.timeouts} timeouts) under load`,
    )
  return result
}

const names: Record<Backend, string> = { pglite: "PGlite", postgres: "PostgreSQL server" }

const measureOn = async (backend: Backend, seconds: number): Promise<ReadonlyArray<Figure>> => {
  const prepared = await (backend === "pglite" ? preparePglite() : preparePostgres())
  try {
    const sillon = await startSillon(prepared.sillonEnv)
    const json = await meOf(sillon.url, prepared.token).catch(async (e) => {
      await sillon.stop()
      throw e
    })
    const ours = await measured(sillon.url, prepared.token, seconds).finally(sillon.stop)
    const fastify = await startFastifyBaseline(prepared.baselineEnv)
    const fast = await meOf(fastify.url, prepared.token)
      .then(async (answer) => {
        if (!isDeepStrictEqual(JSON.parse(answer), JSON.parse(json)))
          throw new Error(`the baseline answers ${answer}, Sillon ${json}`)
        return measured(fastify.url, prepared.token, seconds)
      })
      .finally(fastify.stop)
    // The same work through the same code, served by Effect's HttpApi: the framework's floor.
    const effect = await startFastifyBaseline({
      ...prepared.baselineEnv,
      ...(backend === "pglite" ? { PREPARED: "1" as const } : {}),
      SERVER: "effect",
    }).then((server) => measured(server.url, prepared.token, seconds).finally(server.stop))
    const bare = await startBareServer(json)
    const node = await measured(bare.url, prepared.token, seconds).finally(bare.stop)
    const name = names[backend]
    // On PGlite, also the baseline on Sillon's own statement path: the framework's share alone.
    const sameDriver =
      backend === "pglite"
        ? await startFastifyBaseline({ ...prepared.baselineEnv, PREPARED: "1" }).then((server) =>
            measured(server.url, prepared.token, seconds).finally(server.stop),
          )
        : undefined
    return [
      {
        name: `GET /api/v2/me requests/s, ${name} (${connections} connections)`,
        value: ours.requests.average,
        baseline: fast.requests.average,
        unit: "req/s",
        baselineName: "Fastify, same JWT check, session check and query",
      },
      {
        name: `The framework's floor: a bare Effect HttpApi server doing the same work, ${name}`,
        value: effect.requests.average,
        baseline: fast.requests.average,
        unit: "req/s",
        baselineName: "Fastify, same work",
      },
      {
        name: `GET /api/v2/me requests/s, ${name} (${connections} connections)`,
        value: ours.requests.average,
        baseline: effect.requests.average,
        unit: "req/s",
        baselineName: "bare Effect HttpApi server, same work (what Sillon adds to its framework)",
      },
      {
        name: `GET /api/v2/me requests/s, ${name} (${connections} connections)`,
        value: ours.requests.average,
        baseline: node.requests.average,
        unit: "req/s",
        baselineName: "bare node:http, same JSON",
      },
      ...(sameDriver
        ? [
            {
              name: `GET /api/v2/me requests/s, ${name} (${connections} connections)`,
              value: ours.requests.average,
              baseline: sameDriver.requests.average,
              unit: "req/s",
              baselineName: "Fastify, same work, on Sillon's prepared PGlite statements",
            },
          ]
        : []),
      {
        name: `GET /api/v2/me p99 latency, ${name}`,
        value: ours.latency.p99,
        baseline: fast.latency.p99,
        unit: "ms",
        baselineName: "Fastify, same work",
      },
    ]
  } finally {
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
  const backends = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",") as Array<Backend>
  measureApi(seconds, backends)
    .then((figures) => printFigures(`API under load (${seconds} s each)`, figures))
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
