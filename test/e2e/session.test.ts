import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { launchBrowser, linkIn } from "./support/browser"
import { field, newPerson, seedPerson, signInThroughForm } from "./support/people"
import { type RunningServer, startServer } from "./support/server"

let server: RunningServer
let browser: Browser
let context: BrowserContext
let page: Page

const storage = (p: Page) => p.evaluate(() => ({ ...localStorage }))

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})
beforeEach(async () => {
  await context?.close()
  context = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block" })
  page = await context.newPage()
  page.setDefaultTimeout(15_000)
})

describe("session journeys", () => {
  it("signs up, is forced to /me until the address is complete, then reaches /home", async () => {
    const person = newPerson("signup")
    await page.goto(`${server.url}/signup`)
    await field(page, "Adresse email").fill(person.email)
    await field(page, "Mot de passe").fill(person.password)
    await field(page, "Prénom").fill(person.firstname)
    await field(page, "Nom").fill(person.lastname)
    await page.getByRole("button", { name: "Créer mon compte" }).click()
    await page.waitForURL(/\/me$/)
    await page.getByText("Complétez votre nom et votre adresse pour continuer.").waitFor()

    // Any other guarded page sends an incomplete profile back to /me.
    await page.goto(`${server.url}/notifications`)
    await page.waitForURL(/\/me$/)

    await field(page, "Numéro et rue").fill("3 chemin des Sillons")
    await field(page, "Code postal").fill("49000")
    await field(page, "Ville").fill("Angers")
    await field(page, "Pays").fill("France")
    await page.getByRole("button", { name: "Enregistrer" }).click()
    await page.waitForURL(/\/home$/)
    await page.getByRole("heading", { name: "Bienvenue sur Sillon" }).waitFor()
    for (const card of [
      "Poser un boîtier sur une machine",
      "Retirer un boîtier",
      "Faire un bon de travail",
      "Exporter mes données",
      "Faire une réservation",
      "J'ai terminé mon activité",
    ]) {
      await page.getByText(card, { exact: true }).waitFor()
    }
  })

  it("shows the required-field messages and changes nothing when the sign-up form is empty", async () => {
    await page.goto(`${server.url}/signup`)
    await page.getByRole("button", { name: "Créer mon compte" }).click()
    await page.getByText("Le champ est obligatoire").first().waitFor()
    expect(page.url()).toMatch(/\/signup/)
    expect((await storage(page)).jwt).toBeUndefined()
  })

  it("sends a signed-out deep link to /signin with goto, and back there after sign-in", async () => {
    const person = await seedPerson(server.url, "deeplink")
    await page.goto(`${server.url}/maintenance/rules?tab=2`)
    await page.waitForURL((url) => url.pathname === "/signin")
    expect(new URL(page.url()).searchParams.get("goto")).toBe("/maintenance/rules?tab=2")
    await signInThroughForm(page, person)
    await page.waitForURL((url) => url.pathname === "/maintenance/rules")
    expect(new URL(page.url()).search).toBe("?tab=2")

    // Signed in, /signin and /signup lead to / and so to /home.
    await page.goto(`${server.url}/signin`)
    await page.waitForURL(/\/home$/)
    await page.goto(`${server.url}/signup`)
    await page.waitForURL(/\/home$/)
  })

  it("shows the server's message as an alert when the password is wrong, and loading stops", async () => {
    const person = await seedPerson(server.url, "wrongpw")
    await page.goto(`${server.url}/signin`)
    await signInThroughForm(page, { ...person, password: "pas-le-bon-mot-de-passe" })
    await page.getByRole("alert").filter({ hasText: "Adresse email ou mot de passe incorrect" }).waitFor()
    const button = page.getByRole("button", { name: "Se connecter", exact: true })
    expect(await button.isEnabled()).toBe(true)
    expect(await button.getAttribute("data-loading")).toBeNull()
  })

  it("signs in with a login code received by e-mail", async () => {
    const person = await seedPerson(server.url, "code")
    await page.goto(`${server.url}/loginCode`)
    await field(page, "Adresse email").fill(person.email)
    await page.getByRole("button", { name: "Recevoir un code" }).click()
    await page.getByText("Si un compte existe pour cette adresse").waitFor()
    const mail = await server.mail((m) => m.includes(person.email) && m.includes("/loginCode"))
    const code = new URL(linkIn(mail, server.url)).searchParams.get("code") ?? ""
    expect(code).toMatch(/^[A-Z0-9]{10}$/)
    await field(page, "Code de connexion").fill(code)
    await page.getByRole("button", { name: "Se connecter avec ce code" }).click()
    await page.waitForURL(/\/home$/)
  })

  it("resets the password through the e-mailed link; a wrong link shows 'Erreur'", async () => {
    const person = await seedPerson(server.url, "reset")
    await page.goto(`${server.url}/resetPassword`)
    await field(page, "Adresse email").fill(person.email)
    await page.getByRole("button", { name: "Envoyer le lien" }).click()
    await page.getByText("Si un compte existe pour cette adresse").waitFor()
    const mail = await server.mail((m) => m.includes(person.email) && m.includes("/resetPassword"))
    const link = linkIn(mail, server.url)

    await page.goto(`${link.replace(/token=[^&]+/, "token=faux")}`)
    await field(page, "Nouveau mot de passe").fill("nouveau-mot-de-passe-2")
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click()
    await page.getByRole("heading", { name: "Erreur" }).waitFor()

    await page.goto(link)
    await field(page, "Nouveau mot de passe").fill("nouveau-mot-de-passe-2")
    await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click()
    await page.getByText("Votre mot de passe est modifié").waitFor()
    await page.goto(`${server.url}/signin`)
    await signInThroughForm(page, { ...person, password: "nouveau-mot-de-passe-2" })
    await page.waitForURL(/\/home$/)
  })

  it("proves the address from the mailed link, even when it opens signed out", async () => {
    const person = await seedPerson(server.url, "confirm")
    const mail = await server.mail((m) => m.includes(person.email) && m.includes("/me?confirm="))
    await page.goto(linkIn(mail, server.url))
    await page.waitForURL((url) => url.pathname === "/signin")
    await signInThroughForm(page, person)
    await page.getByText("Adresse e-mail confirmée").waitFor()
    await page.waitForURL((url) => url.pathname === "/me" && url.search === "")
    expect(await page.getByRole("heading", { name: "Confirmez votre adresse e-mail" }).count()).toBe(0)
    const jwt = (await storage(page)).jwt
    const me = await fetch(`${server.url}/api/v2/me`, { headers: { authorization: `JWT ${jwt}` } })
    expect(((await me.json()) as { emailConfirmed: boolean }).emailConfirmed).toBe(true)
  })

  it("signs out of every device: this page and, at its next call, another browser", async () => {
    const person = await seedPerson(server.url, "everywhere")
    const other = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block" })
    const elsewhere = await other.newPage()
    elsewhere.setDefaultTimeout(15_000)
    for (const p of [page, elsewhere]) {
      await p.goto(`${server.url}/signin`)
      await signInThroughForm(p, person)
      await p.waitForURL(/\/home$/)
    }

    await page.goto(`${server.url}/me`)
    await page.getByRole("button", { name: "Se déconnecter de tous les appareils" }).click()
    const dialog = page.getByRole("dialog", { name: "Se déconnecter de tous les appareils ?" })
    await dialog
      .getByText("Toutes vos sessions seront fermées, sur cet appareil comme sur les autres.")
      .waitFor()
    await dialog.getByRole("button", { name: "Se déconnecter partout" }).click()
    await page.waitForURL((url) => url.pathname === "/signin")
    // The form shows once the sign-out is complete (storage cleared), as after the ordinary sign-out.
    await page.getByRole("button", { name: "Se connecter", exact: true }).waitFor()
    const left = await storage(page)
    expect(left.jwt).toBeUndefined()
    expect(left.refreshToken).toBeUndefined()

    // The other browser still shows its page; its next call finds its session over: the click's,
    // or one of its own (the bell's count is read again now and then), whichever comes first.
    const signedOut = elsewhere.waitForURL((url) => url.pathname === "/signin")
    await elsewhere
      .getByRole("link", { name: /^Notifications/ })
      .first()
      .click({ timeout: 10_000 })
      .catch(() => undefined)
    await signedOut
    await elsewhere.getByRole("button", { name: "Se connecter", exact: true }).waitFor()
    expect((await storage(elsewhere)).jwt).toBeUndefined()
    await other.close()
  })

  it("switches the language, keeps it across a reload, and signs out clearing storage", async () => {
    const person = await seedPerson(server.url, "lang")
    await page.goto(`${server.url}/signin`)
    await signInThroughForm(page, person)
    await page.waitForURL(/\/home$/)
    await page.getByRole("combobox", { name: "Langue" }).selectOption("en")
    await page.getByRole("heading", { name: "Welcome to Sillon" }).waitFor()
    await page.reload()
    await page.getByRole("heading", { name: "Welcome to Sillon" }).waitFor()

    await page.getByRole("button", { name: "Account menu" }).click()
    await page.getByRole("menuitem", { name: "Sign out" }).click()
    await page.waitForURL((url) => url.pathname === "/signin")
    // /signin opens at once; storage is cleared when the server has answered the sign-out.
    await page.waitForFunction(() => !localStorage.getItem("jwt") && !localStorage.getItem("refreshToken"))
    const left = await storage(page)
    expect(left.jwt).toBeUndefined()
    expect(left.refreshToken).toBeUndefined()
    await page.goto(`${server.url}/home`)
    await page.waitForURL((url) => url.pathname === "/signin")
  })
})
