import { type ChildProcess, spawn } from "node:child_process"
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pgliteDir } from "../../../server/db/client"
import { ensureTemplate } from "../../../server/test/databases"

export interface RunningServer {
  readonly url: string
  readonly dataDir: string
  /** Mails written to DATA_DIR/outbox, oldest first. */
  readonly outbox: () => Promise<ReadonlyArray<string>>
  /** The first outbox mail matching `match`, waiting for it: mails go out just after the answer. */
  readonly mail: (match: (mail: string) => boolean) => Promise<string>
  readonly stop: () => Promise<void>
}

/** A port nothing listens on now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer()
    s.once("error", reject)
    s.listen(0, "127.0.0.1", () => {
      const address = s.address()
      const port = typeof address === "object" && address ? address.port : 0
      s.close(() => resolve(port))
    })
  })

const waitForHealth = async (url: string, child: ChildProcess, log: () => string) => {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`)
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`server did not become healthy:\n${log()}`)
}

/**
 * Starts the real server (built client, fresh embedded database) as a person would with `npm start`.
 * The database is a copy of the migrated template the API tests use (opening a new PGlite folder
 * with PostGIS takes seconds), so the demo data, which a new folder gets by itself, is asked for
 * explicitly unless SEED_DEMO is given. `prepared`: a data folder made beforehand, used instead
 * (and removed on stop).
 */
export const startServer = async (
  env: Record<string, string> = {},
  prepared?: string,
): Promise<RunningServer> => {
  const port = await freePort()
  const dataDir = prepared ?? (await mkdtemp(join(tmpdir(), "sillon-e2e-")))
  if (prepared === undefined)
    await cp(pgliteDir(await ensureTemplate()), pgliteDir(dataDir), { recursive: true })
  const url = `http://127.0.0.1:${port}`
  let output = ""
  const child = spawn("node", ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: "",
      SEED_DEMO: "1",
      DEMO_TELEMETRY_DAYS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  })
  child.stdout?.on("data", (d) => {
    output += d
  })
  child.stderr?.on("data", (d) => {
    output += d
  })
  await waitForHealth(url, child, () => output)
  const outboxDir = join(dataDir, "outbox")
  const outbox = async () => {
    const files = (await readdir(outboxDir).catch(() => [])).sort()
    return Promise.all(files.map((f) => readFile(join(outboxDir, f), "utf8")))
  }
  return {
    url,
    dataDir,
    outbox,
    mail: async (match) => {
      // Mails leave in the background: a loaded machine may take seconds.
      const deadline = Date.now() + 30_000
      while (Date.now() < deadline) {
        const found = (await outbox()).find(match)
        if (found !== undefined) return found
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error("no such mail in the outbox after 30 s")
    },
    stop: async () => {
      child.kill("SIGTERM")
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)))
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
