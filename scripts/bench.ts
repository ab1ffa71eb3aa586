/**
 * `npm run bench`: Sillon's speed and size figures, each printed with a baseline measured in the
 * same run on the same machine (the ratio is the figure that travels between machines).
 * Builds the client into DIST_DIR, or a temporary folder (never dist/, which a running `npm start`
 * or test may be serving; BENCH_BUILD=0 measures what DIST_DIR already holds), starts the real
 * server on a fresh embedded database, then measures. A first visit over its budget (bundle.ts)
 * makes the bench fail.
 */
import { execFileSync } from "node:child_process"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import type { BrowserContext } from "playwright-core"
import { demoSignIn } from "../server/seed/demo"
import { launchBrowser } from "../test/e2e/support/browser"
import { seedPerson } from "../test/e2e/support/people"
import { startServer } from "../test/e2e/support/server"
import { measureActivitiesAccuracy } from "./bench/activitiesAccuracy"
import { measureActivitiesEngine } from "./bench/activitiesEngine"
import { measureActivitiesRecompute } from "./bench/activitiesRecompute"
import { measureApi } from "./bench/api"
import { measureBookingRace } from "./bench/bookingRace"
import { bareReactSize, budgetBreaches, buildBareReact, loadedAssets, sizeFigures } from "./bench/bundle"
import { measureDashboard } from "./bench/dashboard"
import { measureFieldsImport } from "./bench/fieldsImport"
import { measureFieldsScale } from "./bench/fieldsScale"
import { measureHistory } from "./bench/history"
import { measureIdempotency } from "./bench/idempotency"
import { measureIngest } from "./bench/ingest"
import { crashCheck } from "./bench/ingestCrash"
import { measureLive } from "./bench/live"
import { paint, serveStatic } from "./bench/paint"
import { type Figure, printBreaches, printFigures } from "./bench/report"
import { measureSessionCheck } from "./bench/sessionCheck"
import { measureSignIn } from "./bench/signin"

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const rounds = Number(process.env.BENCH_SIGNIN_ROUNDS ?? 60)
const paintRuns = Number(process.env.BENCH_PAINT_RUNS ?? 3)
/** BENCH_ONLY=size: the first visits' sizes and budgets alone (a minute instead of several). */
const sizeOnly = process.env.BENCH_ONLY === "size"
/** BENCH_ONLY=paint: the sizes and the phone profile's paints, nothing after them. */
const paintOnly = process.env.BENCH_ONLY === "paint"

/** The client, built by the project's own Vite config into `distDir`. */
const buildClient = (distDir: string) =>
  execFileSync("npx", ["vite", "build", "--outDir", distDir, "--emptyOutDir"], { stdio: "ignore" })

/** A person already signed in on this browser: their tokens are in storage before the app starts. */
const signedInAs =
  (user: { jwt: string; refreshToken: string }) =>
  async (context: BrowserContext): Promise<void> => {
    await context.addInitScript(
      ([jwt, refresh]) => {
        if (!localStorage.getItem("jwt")) {
          localStorage.setItem("jwt", jwt)
          localStorage.setItem("refreshToken", refresh)
        }
      },
      [user.jwt, user.refreshToken],
    )
  }

/** The demo administrator's tokens, and the demo tractor. */
const demoSession = async (url: string) => {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(demoSignIn),
  })
  const { token, refreshToken } = (await login.json()) as { token: string; refreshToken: string }
  const machines = (await (
    await fetch(`${url}/api/v2/machines`, { headers: { authorization: `JWT ${token}` } })
  ).json()) as Array<{ id: string; name: string }>
  const tractor = machines.find((m) => m.name.startsWith("Tracteur"))?.id
  if (tractor === undefined) throw new Error("the demo data has no tractor")
  return { jwt: token, refreshToken, tractor }
}

const main = async () => {
  const ownDist = process.env.DIST_DIR === undefined || process.env.DIST_DIR === ""
  const distDir = ownDist
    ? await mkdtemp(join(tmpdir(), "sillon-bench-dist-"))
    : resolve(process.env.DIST_DIR ?? "")
  if (ownDist || process.env.BENCH_BUILD !== "0") buildClient(distDir)
  // The demo with three simulated days of telemetry (a weekday among them): the tractor's dashboard has work to show.
  const server = await startServer({ ACCESS_TOKEN_TTL: "3600", DIST_DIR: distDir, DEMO_TELEMETRY_DAYS: "3" })
  const browser = await launchBrowser()
  const bare = await buildBareReact()
  const bareServer = await serveStatic(bare.dir)
  let breaches: ReadonlyArray<string> = []
  try {
    const user = await seedPerson(server.url, "bench")
    const baseline = await bareReactSize(bare.dir)
    const anonymous = await browser.newContext({ serviceWorkers: "block" })
    const signin = await loadedAssets(anonymous, server.url, "/signin", distDir)
    const signedIn = await browser.newContext({ serviceWorkers: "block" })
    await signedInAs(user)(signedIn)
    const home = await loadedAssets(signedIn, server.url, "/home", distDir)
    printFigures("Size of a first visit (budgets in scripts/bench/bundle.ts; aim: /signin ≤ 150 kB gzip)", [
      ...sizeFigures(signin, baseline),
      ...sizeFigures(home, baseline),
    ])
    breaches = budgetBreaches([signin, home])
    printBreaches(breaches)
    if (sizeOnly) return

    const bareRun = await paint(browser, `${bareServer.url}/`, paintRuns)
    const paintFigures: Array<Figure> = []
    const demo = await demoSession(server.url)
    for (const [path, prepare, readyHeading] of [
      ["/signin", undefined, undefined],
      ["/home", signedInAs(user), undefined],
      // The demo tractor's dashboard: "heading shown" is when its figures are there (charts load after).
      [`/machines/${demo.tractor}/dashboard`, signedInAs(demo), "Les chiffres de la période"],
    ] as const) {
      const run = await paint(browser, `${server.url}${path}`, paintRuns, prepare, readyHeading)
      paintFigures.push(
        {
          name: `${path} first contentful paint`,
          value: run.fcp,
          baseline: bareRun.fcp,
          unit: "ms",
          baselineName: "bare React 19 page",
          note: `heading shown at ${Math.round(run.ready)} ms`,
        },
        {
          name: `${path} total blocking time`,
          value: run.tbt,
          baseline: bareRun.tbt,
          unit: "ms",
          baselineName: "bare React 19 page",
        },
      )
    }
    printFigures(
      `Phone profile (CPU 4× slower, Fast 3G, assets as the server sends them; median of ${paintRuns} cold visits)`,
      paintFigures,
    )
    if (paintOnly) return

    // Its own servers on fresh databases (PGlite, then the PostgreSQL server of TEST_DATABASE_URL).
    printFigures(`API under load (${seconds} s each)`, await measureApi(seconds))
    printFigures(
      `Box ingest (${seconds} s each; aim: ratio ≥ 0.6, one 180-fix upload p99 ≤ 20 ms)`,
      await measureIngest(seconds, ["pglite", "postgres"]),
    )
    console.log("\n## A server killed during uploads (PostgreSQL server)")
    const crash = await crashCheck("postgres")
    if (crash.lost + crash.twice + crash.partial > 0) {
      console.error("!! acknowledged fixes lost, stored twice or an upload stored in part: the bench fails")
      process.exitCode = 1
    }
    printFigures("Revocable access tokens", await measureSessionCheck(2000))
    printFigures("Safe retries", await measureIdempotency(server.url, user.jwt, rounds * 5))
    printFigures("Sign-in", await measureSignIn(server.url, user, rounds))
    printFigures("Booking race (one machine)", await measureBookingRace(server.url))
    printFigures("Field imports (PGlite)", await measureFieldsImport(server.url, user.jwt, 5))
    printFigures(`Position history, 30 days against 1 (${seconds} s each)`, await measureHistory(seconds))
    printFigures(`Live positions, 200 open streams against 1 (${seconds} s each)`, await measureLive(seconds))
    // The activity engine against the simulator's ground truth (no server: pure computation).
    measureActivitiesAccuracy()
    // The activity engine on one machine-day, against Turf's buffer and union (its own processes).
    await measureActivitiesEngine()
    // A cached database on the PostgreSQL server (generated and computed the first time only).
    printFigures("Activities recomputed after a settings change", await measureActivitiesRecompute())
    // A cached database on the PostgreSQL server: one machine's year at 5 s (generated the first time only).
    printFigures("A machine's year, read from the rollups (PostgreSQL server)", await measureDashboard())
    // Its own server on a database of 30,000 fields.
    await measureFieldsScale(browser, distDir)
  } finally {
    await browser.close()
    await server.stop()
    await bareServer.stop()
    await bare.remove()
    if (ownDist) await rm(distDir, { recursive: true, force: true })
  }
  // Said again at the end, where a long run's reader looks first.
  if (breaches.length > 0) {
    printBreaches(breaches)
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
