// Size: one measurement with its pieces: the phone profile, what the page records, the run until
// the page is quiet, the figures (Lighthouse's definitions) and the static server of the baseline.
import { readFile } from "node:fs/promises"
import { createServer } from "node:http"
import { extname, join, normalize } from "node:path"
import { brotliCompressSync, constants } from "node:zlib"
import type { Browser, BrowserContext } from "playwright-core"
import { acceptedEncodings, mayBeEncoded } from "../../server/http/compression"
import { medians } from "./report"

/**
 * Lighthouse's mobile profile, as Chromium's DevTools apply it: a CPU four times slower and the
 * "Fast 3G" network (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up), on a 412×823 phone.
 */
const cpuSlowdown = 4
const fast3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
}
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
}

/** The page is quiet once no long task has run for this long (after its heading shows). */
const quietMs = 3000
const longestWaitMs = 60_000

export interface PaintRun {
  /** First contentful paint, ms from navigation. */
  readonly fcp: number
  /** Total blocking time: each long task's time beyond 50 ms, from FCP until the page is quiet. */
  readonly tbt: number
  /** When the page's level-1 heading (or the heading asked for) was there, ms from navigation. */
  readonly ready: number
}

interface Recorded {
  fcp: number | null
  tasks: Array<readonly [start: number, duration: number]>
}

/** Runs in the page before its own scripts: records the first contentful paint and long tasks. */
const record = () => {
  const recorded: Recorded = { fcp: null, tasks: [] }
  ;(globalThis as unknown as { __sillonPaint: Recorded }).__sillonPaint = recorded
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === "first-contentful-paint") recorded.fcp = entry.startTime
  }).observe({ type: "paint", buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) recorded.tasks.push([entry.startTime, entry.duration])
  }).observe({ type: "longtask", buffered: true })
}

const readRecorded = (): Recorded & { now: number } => ({
  ...(globalThis as unknown as { __sillonPaint: Recorded }).__sillonPaint,
  now: performance.now(),
})

/**
 * Lighthouse's TBT: each long task clipped to what runs after FCP, beyond its first 50 ms.
 */
export const totalBlockingTime = (tasks: ReadonlyArray<readonly [number, number]>, fcp: number): number =>
  tasks.reduce((sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start, fcp) - 50), 0)

/**
 * One cold visit to `url` on the phone profile (fresh context: no cache, no service worker);
 * `readyHeading`: the heading whose arrival means the page shows its data (default: its level-1 heading).
 */
export const paintOnce = async (
  browser: Browser,
  url: string,
  prepare?: (context: BrowserContext) => Promise<void>,
  readyHeading?: string,
): Promise<PaintRun> => {
  const context = await browser.newContext({ ...phone, serviceWorkers: "block", locale: "fr-FR" })
  try {
    await prepare?.(context)
    await context.addInitScript(record)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send("Network.enable")
    await cdp.send("Network.emulateNetworkConditions", fast3G)
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown })
    await page.goto(url, { waitUntil: "commit", timeout: longestWaitMs })
    await (readyHeading === undefined
      ? page.getByRole("heading", { level: 1 })
      : page.getByRole("heading", { name: readyHeading })
    )
      .first()
      .waitFor({ timeout: longestWaitMs })
    const ready = (await page.evaluate(readRecorded)).now
    for (;;) {
      const { tasks, now } = await page.evaluate(readRecorded)
      const lastEnd = Math.max(ready, ...tasks.map(([start, duration]) => start + duration))
      if (now - lastEnd >= quietMs || now - ready >= longestWaitMs) break
      await page.waitForTimeout(250)
    }
    const { fcp, tasks } = await page.evaluate(readRecorded)
    if (fcp === null) throw new Error(`no first contentful paint recorded on ${url}`)
    return { fcp, tbt: totalBlockingTime(tasks, fcp), ready }
  } finally {
    await context.close()
  }
}

/** The median of `runs` cold visits (a shared machine's noise shows in one run, less in three). */
export const paint = async (
  browser: Browser,
  url: string,
  runs: number,
  prepare?: (context: BrowserContext) => Promise<void>,
  readyHeading?: string,
): Promise<PaintRun> => {
  const results: Array<PaintRun> = []
  for (let i = 0; i < runs; i++) results.push(await paintOnce(browser, url, prepare, readyHeading))
  return medians(results, ["fcp", "tbt", "ready"])
}

const types: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
}

/** Serves a built folder (the bare React page of the baseline) as the app's server sends its build: brotli when accepted. */
export const serveStatic = async (
  dir: string,
): Promise<{ readonly url: string; readonly stop: () => Promise<void> }> => {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname)).replace(
      /^(\.\.[/\\])+/,
      "",
    )
    const file = join(dir, path === "/" ? "index.html" : path)
    readFile(file).then(
      (body) => {
        const contentType = types[extname(file)] ?? "application/octet-stream"
        // Compressed as Sillon's server sends its build (brotli at its best), so both pages travel alike.
        if (mayBeEncoded(contentType) && acceptedEncodings(req.headers["accept-encoding"]).includes("br")) {
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY }
          res.writeHead(200, { "content-type": contentType, "content-encoding": "br" })
          res.end(brotliCompressSync(body, { params }))
          return
        }
        res.writeHead(200, { "content-type": contentType })
        res.end(body)
      },
      () => {
        res.writeHead(404)
        res.end()
      },
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
