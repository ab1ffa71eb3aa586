import type { Browser, Page } from "playwright-core"
import { demoSignIn } from "../../../server/seed/demo"
import { type SeededPerson, signInThroughForm } from "./people"

/** A phone's screen, the size most journeys run at. */
export const phone = { width: 390, height: 844 }

/** Calls the API v2 as `person`; the answer's status and parsed JSON body (null when empty). */
export const callApi = async (
  base: string,
  person: { jwt: string },
  method: string,
  path: string,
  body?: unknown,
) => {
  const res = await fetch(`${base}/api/v2${path}`, {
    method,
    headers: { authorization: `JWT ${person.jwt}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, body: text === "" ? null : JSON.parse(text) }
}

/** A fresh French browser of the person's own, signed in through the form and landed on /home. */
export const signedInPage = async (
  browser: Browser,
  base: string,
  person: SeededPerson,
  viewport: { width: number; height: number } = phone,
): Promise<Page> => {
  const context = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block", viewport })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  await page.goto(`${base}/signin`)
  await signInThroughForm(page, person)
  await page.waitForURL(/\/home$/)
  return page
}

/**
 * The demo administrator signed in through the API, the demo CUMA's tractor, and a fresh secret
 * for its box (the demo's boxes have one nobody knows): what a journey needs to upload fixes as
 * that box and look at them as the demo person (and every machine the demo person sees).
 */
export const demoTractorBox = async (base: string, box: string) => {
  const login = await fetch(`${base}/api/v2/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(demoSignIn),
  })
  const demo = { jwt: ((await login.json()) as { token: string }).token }
  const machines = (await callApi(base, demo, "GET", "/machines")).body as Array<{ id: string; name: string }>
  const tractor = machines.find((m) => m.name.startsWith("Tracteur"))
  if (tractor === undefined) throw new Error("the demo data has no tractor")
  const issued = await callApi(base, demo, "POST", `/admin/counters/${box}/secret`)
  if (issued.status !== 200) throw new Error(`no new secret for ${box}: ${issued.status}`)
  return { demo, machines, tractor, secret: (issued.body as { secret: string }).secret }
}
