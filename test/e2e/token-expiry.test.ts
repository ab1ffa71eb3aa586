import type { Browser, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./support/browser"
import { field, seedPerson, signInThroughForm } from "./support/people"
import { type RunningServer, startServer } from "./support/server"

/** Access tokens live 3 seconds on this server, so a journey outlives one within a minute. */
const ttlSeconds = 3
let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([
    startServer({ ACCESS_TOKEN_TTL: String(ttlSeconds) }),
    launchBrowser(),
  ])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const signedInPage = async (prefix: string): Promise<Page> => {
  const person = await seedPerson(server.url, prefix)
  const context = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block" })
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${server.url}/signin`)
  await signInThroughForm(page, person)
  await page.waitForURL(/\/home$/)
  return page
}

const expire = () => new Promise((r) => setTimeout(r, (ttlSeconds + 1.5) * 1000))

describe("an access token that expires mid-session", () => {
  it("is refreshed without the person noticing: the save goes through and the token is renewed", async () => {
    const page = await signedInPage("refresh")
    await page.goto(`${server.url}/me`)
    await field(page, "Téléphone mobile").waitFor()
    const before = await page.evaluate(() => localStorage.getItem("jwt"))
    await expire()
    await field(page, "Téléphone mobile").fill("06 12 34 56 78")
    await page.getByRole("button", { name: "Enregistrer" }).click()
    await page.getByText("Profil enregistré").waitFor()
    expect(new URL(page.url()).pathname).not.toBe("/signin")
    const after = await page.evaluate(() => localStorage.getItem("jwt"))
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)

    // The change really reached the server.
    const me = await fetch(`${server.url}/api/v2/me`, { headers: { authorization: `JWT ${after}` } })
    expect(((await me.json()) as { mobile: string }).mobile).toBe("06 12 34 56 78")
    await page.context().close()
  })

  it("when the refresh fails: local storage is cleared, the token dropped, and the person lands on /signin", async () => {
    const page = await signedInPage("refreshfail")
    await page.evaluate(() => {
      localStorage.setItem("refreshToken", "revoked-or-unknown")
      localStorage.setItem("unrelated", "also cleared")
    })
    await expire()
    await page.reload()
    await page.waitForURL((url) => url.pathname === "/signin")
    expect(await page.evaluate(() => localStorage.length)).toBe(0)
    await page.context().close()
  })

  it("with two tabs open, each refreshes in turn without signing the other out", async () => {
    const tabA = await signedInPage("twotabs")
    const tabB = await tabA.context().newPage()
    // A second tab on a loaded machine may take longer than 15 s to show the page (seen on CI).
    tabB.setDefaultTimeout(45_000)
    for (const tab of [tabA, tabB]) {
      await tab.goto(`${server.url}/me`)
      await field(tab, "Téléphone mobile").waitFor()
    }
    for (const [round, tab] of [tabA, tabB, tabA].entries()) {
      await expire()
      await field(tab, "Téléphone mobile").fill(`06 00 00 00 0${round}`)
      await tab.getByRole("button", { name: "Enregistrer" }).click()
      await tab.getByText("Profil enregistré").waitFor()
    }
    // Both tabs at once after expiry: one refresh serves both.
    await expire()
    await Promise.all([tabA.reload(), tabB.reload()])
    for (const tab of [tabA, tabB]) {
      await field(tab, "Téléphone mobile").waitFor()
      expect(new URL(tab.url()).pathname).toBe("/me")
    }
    await tabA.context().close()
  })
})
