import { readFileSync } from "node:fs"
import { parseArgs } from "node:util"
import { demoSignIn } from "../server/seed/demo"
import { runSimulation } from "../server/simulator/run"

/**
 * `npm run simulate -- [options]`: realistic working days sent to a running Sillon through its
 * ingest endpoint (docs/simulator.md). Options:
 *
 *   --server URL      the server (default http://127.0.0.1:8080)
 *   --user E:P        the account that reads boxes, machines and fields (default the demo sign-in)
 *   --boxes A,B       the boxes to drive (default every box on a machine the account sees)
 *   --days N          days ending yesterday (default 1)
 *   --hours N         only the first N hours of each day (default the whole day)
 *   --today           today too, until now (a box registered today can send nothing older)
 *   --seed N          the seed: the same seed gives the same days (default 1)
 *   --speed-up X      "all" sends everything at once (default); a number replays in real time
 *                     that many times faster, with live positions every 30 s
 *   --secrets FILE    a JSON object { "<box id>": "<secret>" } (or SIMULATE_SECRETS, the same JSON)
 *   --rotate          issue new secrets through the admin API to boxes without one (the account
 *                     must be an administrator; the boxes' previous secrets stop working)
 *   --truth DIR       write each day's ground truth to DIR/<box>/<day>.json (default ./simulation)
 *   --yard LNG,LAT    the yard (default 300 m south of the fields)
 */
const { values } = parseArgs({
  options: {
    server: { type: "string", default: "http://127.0.0.1:8080" },
    user: { type: "string", default: `${demoSignIn.email}:${demoSignIn.password}` },
    boxes: { type: "string" },
    days: { type: "string", default: "1" },
    hours: { type: "string" },
    today: { type: "boolean", default: false },
    seed: { type: "string", default: "1" },
    "speed-up": { type: "string", default: "all" },
    secrets: { type: "string" },
    rotate: { type: "boolean", default: false },
    truth: { type: "string", default: "simulation" },
    yard: { type: "string" },
    help: { type: "boolean", default: false },
  },
})

const fail = (message: string): never => {
  console.error(`simulate: ${message}`)
  process.exit(2)
}

if (values.help) {
  console.log(
    "npm run simulate -- [--server URL] [--user EMAIL:PASSWORD] [--boxes A,B] [--days N] [--seed N]",
  )
  console.log(
    "                    [--speed-up all|N] [--secrets FILE] [--rotate] [--truth DIR] [--yard LNG,LAT]",
  )
  console.log("See docs/simulator.md.")
  process.exit(0)
}
const colon = values.user.indexOf(":")
if (colon < 1) fail("--user is EMAIL:PASSWORD")
const days = Number(values.days)
if (!Number.isInteger(days) || days < 1 || days > 366) fail("--days is a whole number of days, 1 to 366")
const hours = values.hours === undefined ? undefined : Number(values.hours)
if (hours !== undefined && !(hours > 0 && hours <= 24)) fail("--hours is a number of hours, up to 24")
const seed = Number(values.seed)
if (!Number.isInteger(seed)) fail("--seed is a whole number")
const speedUp = values["speed-up"] === "all" ? "all" : Number(values["speed-up"])
if (speedUp !== "all" && !(speedUp > 0)) fail('--speed-up is "all" or a positive number')
const secretsText = values.secrets ? readFileSync(values.secrets, "utf8") : process.env.SIMULATE_SECRETS
let secrets: Record<string, string> = {}
try {
  secrets = secretsText ? (JSON.parse(secretsText) as Record<string, string>) : {}
} catch {
  fail('the secrets are a JSON object { "<box id>": "<secret>" }')
}
const yard = values.yard?.split(",").map(Number)
if (yard && (yard.length !== 2 || yard.some((v) => !Number.isFinite(v)))) fail("--yard is LNG,LAT")

const started = Date.now()
const reports = await runSimulation({
  server: values.server,
  email: values.user.slice(0, colon),
  password: values.user.slice(colon + 1),
  ...(values.boxes ? { boxes: values.boxes.split(",").map((b) => b.trim()) } : {}),
  days,
  ...(hours !== undefined ? { hours } : {}),
  today: values.today,
  seed,
  speedUp,
  secrets,
  rotate: values.rotate,
  truthDir: values.truth,
  ...(yard ? { yard } : {}),
  log: (line) => console.log(line),
}).catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)))
for (const r of reports)
  console.log(
    `${r.box} (${r.kind}, ${r.machine}): ${r.days} day(s), ${r.fixes} fixes in ${r.requests} requests: ` +
      (r.kind === "phone"
        ? `${r.new} accepted`
        : `${r.new} new, ${r.known} already known, ${r.refused} refused`) +
      (r.failures > 0 ? `, ${r.failures} failed` : "") +
      (Object.keys(r.reasons).length > 0
        ? ` (${Object.entries(r.reasons)
            .map(([reason, n]) => `${reason} ×${n}`)
            .join(", ")})`
        : ""),
  )
if (reports.some((r) => (r.reasons.timeBeforeBox ?? 0) > 0 || (r.reasons.fixTimeBeforeBox ?? 0) > 0))
  console.log("timeBeforeBox: those fixes predate the box's registration; --today sends today's, after it.")
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s; ground truth in ${values.truth}/`)
