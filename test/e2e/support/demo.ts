import AxeBuilder from "@axe-core/playwright"
import type { Browser, Page } from "playwright-core"
import { demoSignIn } from "../../../server/seed/demo"
import { signInThroughForm } from "./people"

/** The time zone the journeys on the demo data read days in, as a French farm does. */
export const demoZone = "Europe/Paris"

/**
 * A French page in its own browser context (service workers blocked), signed in through the form
 * as `who` (the demo person by default), on the home page.
 */
export const demoPage = async (
  suite: { readonly browser: Browser; readonly server: { readonly url: string } },
  viewport: { width: number; height: number },
  who: { email: string; password: string } = demoSignIn,
): Promise<Page> => {
  const context = await suite.browser.newContext({
    locale: "fr-FR",
    timezoneId: demoZone,
    serviceWorkers: "block",
    viewport,
  })
  const page = await context.newPage()
  page.setDefaultTimeout(45_000)
  await page.goto(`${suite.server.url}/signin`)
  await signInThroughForm(page, { ...who, firstname: "", lastname: "" })
  await page.waitForURL(/\/home$/)
  return page
}

/** A person's token, signed in through the API (for reading what the screens must show). */
export const apiSignIn = async (url: string, who: { email: string; password: string } = demoSignIn) => {
  const login = await fetch(`${url}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  })
  return { jwt: ((await login.json()) as { token: string }).token }
}

/** What axe finds serious or critical on the page, one line each (none expected). */
export const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)
