// Size: one journey — a box uploads a day, the person replays it on the machine's history map.
import type { Polygon } from "geojson"
import { describe, expect, it } from "vitest"
import { demoFields } from "../../server/seed/fields"
import { simMachineOf, yardFor } from "../../server/simulator/fleet"
import { simulateDay } from "../../server/simulator/generate"
import type { WireFix } from "../../src/schema/telemetry"
import { quickPeriod, todayIn } from "../../src/views/machines/history/period"
import { demoPage, seriousViolations } from "./support/demo"
import { callApi, demoTractorBox, phone } from "./support/session"
import { serverAndBrowser } from "./support/suite"

// The demo (its CUMA, its tractor with the box SIL-0001, 450 days registered), no demo fixes.
const suite = serverAndBrowser()
const zone = "Europe/Paris"
const box = "SIL-0001"

/** Yesterday, in Paris, as the tractor worked it: the simulator's day, with twenty minutes of silence. */
const yesterdaysWork = (): ReadonlyArray<WireFix> => {
  const day = new Date(Date.parse(`${todayIn(zone)}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  const fields = demoFields()
    .slice(0, 3)
    .map((f, i) => ({
      id: `field-${i}`,
      name: f.name,
      geometry: { type: "Polygon", coordinates: f.rings.map((ring) => ring.map((p) => [...p])) } as Polygon,
    }))
  const simulated = simulateDay({
    day,
    machine: simMachineOf({
      name: "Tracteur John Deere 6155R",
      toolWidthMeters: null,
      maxWorkingSpeedKmh: null,
      canPresent: false,
      engineHours: null,
    }),
    yard: yardFor(fields),
    fields,
    seed: 15,
    battery: 80,
    options: { workedSurfaces: false },
  })
  // The box out of network reach 09:40–10:00 UTC, its backlog lost: a gap in the trace.
  const from = Date.parse(`${day}T09:40:00Z`)
  const to = Date.parse(`${day}T10:00:00Z`)
  return simulated.fixes.filter((f) => Date.parse(f.t) < from || Date.parse(f.t) >= to)
}

const clock = new Intl.DateTimeFormat("fr-FR", { timeZone: zone, timeStyle: "medium" })

describe("a machine's position history", () => {
  it("a day its box uploaded is drawn in segments on the map and replayed with the slider", async () => {
    const { server } = suite

    // The tractor's box gets a new secret from the administrator, to upload as the box.
    const { demo, tractor, secret } = await demoTractorBox(server.url, box)
    const fixes = yesterdaysWork()
    expect(fixes.length).toBeGreaterThan(3000)
    const upload = await fetch(`${server.url}/api/v2/boxes/${box}/fixes`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify({ fixes }),
    })
    expect(upload.status).toBe(200)
    expect(await upload.json()).toEqual({ new: fixes.length, known: 0, refused: [] })
    const yesterday = quickPeriod("yesterday", zone)
    const trace = (
      await callApi(
        server.url,
        demo,
        "GET",
        `/machinesGeolocation/history/${tractor.id}?${new URLSearchParams({ startDate: yesterday.start, endDate: yesterday.end })}`,
      )
    ).body as { fixes: number; segments: Array<{ points: Array<[number, number, number, number | null]> }> }
    expect(trace.fixes).toBe(fixes.length)
    expect(trace.segments.length).toBeGreaterThanOrEqual(2)

    // From the machine's page to its history: today, nothing yet.
    const page = await demoPage(suite, { width: 1280, height: 900 })
    await page.goto(`${server.url}/machines/${tractor.id}`)
    await page.getByRole("link", { name: "Voir l'historique des positions" }).click()
    await page.waitForURL(/\/dashboard$/)
    const card = page.getByRole("region", { name: "Historique des positions" })
    await card.getByText("Aucune position sur la période").waitFor()
    expect(await page.getByRole("region", { name: "Carte du trajet de la machine" }).count()).toBe(0)

    // Yesterday: every segment the server answered, apart, on the map.
    await card.getByRole("button", { name: "Hier" }).click()
    const map = page.getByRole("region", { name: "Carte du trajet de la machine" })
    await page.locator("[data-ready]").waitFor()
    expect(await map.getAttribute("data-segments")).toBe(String(trace.segments.length))
    expect(Number(await map.getAttribute("data-lines"))).toBeGreaterThanOrEqual(trace.segments.length)
    await card.getByText(`${fixes.length} positions reçues`, { exact: false }).waitFor()

    // The slider: Home at the first fix, End at the last, Page Up a tenth of the day on.
    const first = trace.segments[0]?.points[0] as [number, number, number, number | null]
    const lastSegment = trace.segments.at(-1) as {
      start?: string
      points: Array<[number, number, number, number | null]>
    }
    const time = page.locator("[data-replay-time]")
    const speed = page.locator("[data-replay-speed]")
    const slider = page.getByRole("slider", { name: "Instant de la relecture" })
    await slider.focus()
    await page.keyboard.press("Home")
    const firstAt = Date.parse(fixes[0]?.t ?? "")
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).toBe(clock.format(firstAt))
    await expect
      .poll(() => map.getAttribute("data-cursor"))
      .toBe(`${first[0].toFixed(6)},${first[1].toFixed(6)}`)
    await page.keyboard.press("End")
    await expect
      .poll(() => time.textContent(), { timeout: 15_000 })
      .toBe(clock.format(Date.parse(fixes.at(-1)?.t ?? "")))
    expect(lastSegment.points.length).toBeGreaterThan(0)
    await page.keyboard.press("Home")
    const speeds = new Set<string>()
    const times = new Set<string>()
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("PageUp")
      await expect
        .poll(async () => times.has((await time.textContent()) ?? ""), { timeout: 15_000 })
        .toBe(false)
      times.add((await time.textContent()) ?? "")
      speeds.add((await speed.textContent()) ?? "")
    }
    expect(speeds.size).toBeGreaterThan(1)
    for (const s of speeds) expect(s).toMatch(/^\d+(,\d)? km\/h$|^Boîtier silencieux$/)

    // A tap on the trace brings the replay to the instant of the nearest point: where the tap was.
    const pixel = async () => ((await map.getAttribute("data-cursor-px")) ?? "").split(",").map(Number)
    // Where the cursor is once the map has stopped framing the day (a loaded machine frames late).
    let lastPx = ""
    await expect
      .poll(async () => {
        const now = (await map.getAttribute("data-cursor-px")) ?? ""
        const settled = now !== "" && now === lastPx
        lastPx = now
        return settled
      })
      .toBe(true)
    const [px = 0, py = 0] = await pixel()
    await slider.focus()
    await page.keyboard.press("Home")
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).toBe(clock.format(firstAt))
    // Where the map is on the screen now (focusing the slider may have scrolled the page).
    await map.scrollIntoViewIfNeeded()
    // …and has stopped moving: a box read while the page still scrolls sends the tap elsewhere.
    let previous = ""
    await expect
      .poll(async () => {
        const now = JSON.stringify(await map.boundingBox())
        const settled = now === previous
        previous = now
        return settled
      })
      .toBe(true)
    const frame = await map.boundingBox()
    if (frame === null) throw new Error("no map")
    await page.mouse.click(frame.x + px, frame.y + py)
    await expect.poll(() => time.textContent(), { timeout: 15_000 }).not.toBe(clock.format(firstAt))
    const [qx = 0, qy = 0] = await pixel()
    expect(Math.hypot(qx - px, qy - py)).toBeLessThan(12)

    // Play moves the cursor on by itself; pause stops it.
    const before = await map.getAttribute("data-cursor")
    await page.getByRole("button", { name: "Lire la relecture" }).click()
    await expect.poll(() => map.getAttribute("data-cursor"), { timeout: 20_000 }).not.toBe(before)
    await page.getByRole("button", { name: "Mettre en pause" }).click()
    const paused = await time.textContent()
    await page.waitForTimeout(500)
    expect(await time.textContent()).toBe(paused)
    expect(await seriousViolations(page)).toEqual([])
    await page.context().close()

    // On a phone: the same day, nothing wider than the screen.
    const small = await demoPage(suite, phone)
    await small.goto(`${server.url}/machines/${tractor.id}/dashboard`)
    await small.getByRole("button", { name: "Hier" }).click()
    await small.locator("[data-ready]").waitFor()
    expect(
      await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0)
    await small.context().close()
  }, 120_000)
})
