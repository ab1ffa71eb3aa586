import type { Browser, Page } from "playwright-core"
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
