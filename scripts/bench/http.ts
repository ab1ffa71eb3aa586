import { spawn } from "node:child_process"
import autocannon from "autocannon"
import type { Figure } from "./report"

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
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}

const load = (url: string, headers: Record<string, string>, seconds: number) =>
  autocannon({ url, connections: 50, duration: seconds, headers })

/** GET /api/v2/me with a valid token at 50 connections, against a bare server answering the same JSON. */
export const measureMe = async (
  base: string,
  token: string,
  seconds: number,
): Promise<ReadonlyArray<Figure>> => {
  const headers = { authorization: `JWT ${token}` }
  const me = await fetch(`${base}/api/v2/me`, { headers })
  if (!me.ok) throw new Error(`GET /api/v2/me answered ${me.status}`)
  const bare = await startBareServer(await me.text())
  try {
    const baseline = await load(bare.url, headers, seconds)
    const sillon = await load(`${base}/api/v2/me`, headers, seconds)
    if (sillon.non2xx > 0 || sillon.errors > 0) {
      throw new Error(`GET /api/v2/me: ${sillon.non2xx} non-2xx answers, ${sillon.errors} errors under load`)
    }
    return [
      {
        name: "GET /api/v2/me requests/s (50 connections)",
        value: sillon.requests.average,
        baseline: baseline.requests.average,
        unit: "req/s",
        baselineName: "bare node:http, same JSON",
      },
      {
        name: "GET /api/v2/me p99 latency",
        value: sillon.latency.p99,
        baseline: baseline.latency.p99,
        unit: "ms",
        baselineName: "bare node:http, same JSON",
      },
    ]
  } finally {
    bare.stop()
  }
}
