import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser, linkIn } from "./support/browser"
import { seriousViolations } from "./support/demo"
import { field, type SeededPerson, seedPerson, signInThroughForm } from "./support/people"
import { type RunningServer, startServer } from "./support/server"

let server: RunningServer
let browser: Browser
const contexts: BrowserContext[] = []

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer({ SEED_DEMO: "0" }), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** A fresh browser of its own (a person on their own phone), French, 390 px wide. */
const openBrowser = async (): Promise<Page> => {
  const context = await browser.newContext({
    locale: "fr-FR",
    serviceWorkers: "block",
    viewport: { width: 390, height: 844 },
  })
  contexts.push(context)
  const page = await context.newPage()
  page.setDefaultTimeout(15_000)
  return page
}

const signedIn = async (person: SeededPerson): Promise<Page> => {
  const page = await openBrowser()
  await page.goto(`${server.url}/signin`)
  await signInThroughForm(page, person)
  await page.waitForURL(/\/home$/)
  return page
}

/** Picks an option of a Mantine select by its label and the option's text. */
const choose = async (page: Page, label: string, option: string) => {
  const input = field(page, label)
  if ((await input.evaluate((el) => el.tagName)) === "SELECT") {
    await input.selectOption({ label: option })
    return
  }
  await input.click()
  await page.getByRole("option", { name: option, exact: true }).click()
}

const api = (person: { jwt: string }, method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api/v2${path}`, {
    method,
    headers: { authorization: `JWT ${person.jwt}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe("a CUMA and its members", () => {
  it("creates a CUMA, invites a known person and an unknown e-mail, both join; a restricted member is refused", async () => {
    const [admin, known] = await Promise.all([
      seedPerson(server.url, "admin"),
      seedPerson(server.url, "known", { firstname: "Paul", lastname: "Lefèvre" }),
    ])
    const newcomer = `nouvelle-${Date.now()}@sillon.test`
    const cumaName = `CUMA des Trois Chênes ${Date.now()}`

    // The admin creates the CUMA.
    const adminPage = await signedIn(admin)
    await adminPage.goto(`${server.url}/clusters/add`)
    await field(adminPage, "Nom").first().fill(cumaName)
    await choose(adminPage, "Catégorie", "Partage de matériel")
    await choose(adminPage, "Type", "CUMA")
    await field(adminPage, "Numéro et rue").fill("2 place de la Mairie")
    await field(adminPage, "Code postal").fill("28150")
    await field(adminPage, "Ville").fill("Voves")
    await field(adminPage, "Pays").fill("France")
    await adminPage.getByRole("button", { name: "Créer la structure" }).click()
    await adminPage.waitForURL(/\/clusters\/[0-9a-f-]{36}$/)
    const clusterUrl = adminPage.url()
    const clusterId = clusterUrl.split("/").at(-1) ?? ""
    await adminPage.getByRole("heading", { name: cumaName }).waitFor()
    // The menu lists it (the burger opens the menu on a phone).
    await adminPage.getByRole("button", { name: /menu/i }).first().click()
    await adminPage.getByRole("link", { name: cumaName }).waitFor()
    await adminPage.keyboard.press("Escape")

    // New members may invite: the admin adds 'Ajouter un membre' to the defaults.
    await adminPage.goto(`${clusterUrl}/ClustersRights`)
    await adminPage.getByRole("switch", { name: "Ajouter un membre" }).first().check()
    await adminPage.getByRole("button", { name: "Enregistrer les droits par défaut" }).click()
    await adminPage.getByText("Droits par défaut enregistrés").waitFor()

    // Invitations: a known account and an unknown e-mail.
    await adminPage.goto(`${clusterUrl}/ClusterUsers`)
    for (const email of [known.email, newcomer]) {
      await field(adminPage, "Adresse email").fill(email)
      await adminPage.getByRole("button", { name: "Envoyer l'invitation" }).click()
      await adminPage.getByText(`Invitation envoyée à ${email}`).waitFor()
    }

    // The known person signed up without proving their address: the invitation waits, unseen.
    const knownPage = await signedIn(known)
    await knownPage.goto(`${server.url}/notifications`)
    await knownPage
      .getByText("Confirmez votre adresse e-mail pour recevoir les invitations des structures.")
      .waitFor()
    expect(await knownPage.getByRole("button", { name: "Accepter" }).count()).toBe(0)

    // They prove it as a person does: the code from the sign-up mail, typed on /me.
    await knownPage.getByRole("link", { name: "Confirmer mon adresse" }).click()
    await knownPage.waitForURL(/\/me$/)
    const confirmation = await server.mail((m) => m.includes(known.email) && m.includes("/me?confirm="))
    const code = new URL(linkIn(confirmation, server.url)).searchParams.get("confirm") ?? ""
    expect(code).toMatch(/^[A-Z0-9]{10}$/)
    await field(knownPage, "Code de confirmation").fill(code)
    await knownPage.getByRole("button", { name: "Confirmer", exact: true }).click()
    await knownPage.getByText("Adresse e-mail confirmée").waitFor()
    await knownPage
      .getByRole("heading", { name: "Confirmez votre adresse e-mail" })
      .waitFor({ state: "detached" })

    // Now they accept from their notifications; the menu then lists the CUMA.
    await knownPage.goto(`${server.url}/notifications`)
    await knownPage.getByRole("button", { name: "Accepter" }).first().click()
    await knownPage.getByText(`Vous avez rejoint ${cumaName}`).first().waitFor()

    // The unknown e-mail finalises its account through the e-mailed link.
    const mail = await server.mail((m) => m.includes(newcomer) && m.includes("/signup?invitation="))
    const newcomerPage = await openBrowser()
    await newcomerPage.goto(linkIn(mail, server.url))
    await newcomerPage.getByText(`vous invite à rejoindre ${cumaName}`, { exact: false }).waitFor()
    expect(await field(newcomerPage, "Adresse email").inputValue()).toBe(newcomer)
    await field(newcomerPage, "Prénom").fill("Louise")
    await field(newcomerPage, "Nom").fill("Bernard")
    await field(newcomerPage, "Mot de passe").fill("un-mot-de-passe-long")
    await newcomerPage.getByRole("button", { name: "Créer mon compte" }).click()
    await newcomerPage.waitForURL(/\/me$/)
    const newcomerJwt = await newcomerPage.evaluate(() => localStorage.getItem("jwt") ?? "")
    const theirs = (await (await api({ jwt: newcomerJwt }, "GET", "/clusters")).json()) as Array<{
      name: string
    }>
    expect(theirs.map((c) => c.name)).toEqual([cumaName])

    const members = (await (await api(admin, "GET", `/clusters/${clusterId}/members`)).json()) as Array<{
      user: { email: string }
      rights: string[]
    }>
    expect(members.map((m) => m.user.email).sort()).toEqual([admin.email, known.email, newcomer].sort())
    expect(members.find((m) => m.user.email === known.email)?.rights).toContain("addMember")

    // The admin takes 'Ajouter un membre' away from the known person.
    await adminPage.goto(`${clusterUrl}/ClustersRights`)
    await choose(adminPage, "Membre", "Lefèvre Paul · Adhérent")
    await adminPage.getByRole("switch", { name: "Ajouter un membre" }).last().uncheck()
    await adminPage.getByRole("button", { name: "Enregistrer les droits du membre" }).click()
    await adminPage.getByText("Droits du membre enregistrés").waitFor()

    // That member sees the invitation control disabled, with the missing right named…
    await knownPage.goto(`${clusterUrl}/ClusterUsers`)
    const invite = knownPage.getByRole("button", { name: "Envoyer l'invitation" })
    await invite.waitFor()
    expect(await invite.isDisabled()).toBe(true)
    await knownPage.getByText("Droit requis : Ajouter un membre").first().waitFor()

    // …and the server refuses the call anyway, in French.
    const refused = await api(known, "POST", `/clusters/${clusterId}/invitations`, {
      email: "quelquun@sillon.test",
      role: "member",
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({
      message: "Vous ne possédez pas les droits pour effectuer ceci.",
    })
  })
  it("a manager posts an urgent announcement; a member sees it on the home page and in the bell, reads it; the manager ends it", async () => {
    const [manager, member] = await Promise.all([
      seedPerson(server.url, "announcer", { firstname: "Claire", lastname: "Dubois" }),
      seedPerson(server.url, "reader", { firstname: "Luc", lastname: "Bernard" }),
    ])
    const created = await api(manager, "POST", "/clusters", {
      name: `CUMA du Moulin ${Date.now()}`,
      type: "sharing",
      kind: "cuma",
      address: { street: "1 rue", complement: null, postalCode: "28120", city: "Illiers", country: "France" },
    })
    const cuma = (await created.json()) as { id: string; name: string }
    const request = (await (
      await api(member, "POST", `/clusters/${cuma.id}/requests`, { role: "member" })
    ).json()) as {
      id: string
    }
    expect((await api(manager, "POST", `/membershipRequests/${request.id}/accept`)).status).toBe(200)

    // The manager posts it (one structure: no choice to make).
    const managerPage = await signedIn(manager)
    await managerPage.goto(`${server.url}/home/MegaPhone`)
    await managerPage.getByText(`Structure : ${cuma.name}`).waitFor()
    await managerPage
      .getByRole("textbox", { name: "Message" })
      .fill("Le pulvérisateur est en panne jusqu'à jeudi")
    await managerPage.getByRole("switch", { name: /Urgente/ }).check()
    await managerPage.getByRole("button", { name: "Publier l'annonce" }).click()
    await managerPage.getByText(`Annonce publiée : les membres de ${cuma.name} sont prévenus.`).waitFor()
    expect(await managerPage.getByRole("textbox", { name: "Message" }).inputValue()).toBe("")
    expect(await seriousViolations(managerPage)).toEqual([])

    // The member sees it first thing on the home page, urgent, and in the bell; below it, the day's
    // overview has nothing to report (no machine, no booking, nothing to check).
    const memberPage = await signedIn(member)
    await memberPage
      .getByRole("region", { name: "Aujourd'hui" })
      .getByText(
        "Rien à signaler : aucune machine en marche, aucune réservation aujourd'hui ni demain, rien à examiner.",
      )
      .waitFor()
    const section = memberPage.getByRole("region", { name: "Annonces" })
    const card = section
      .getByRole("listitem")
      .filter({ hasText: "Le pulvérisateur est en panne jusqu'à jeudi" })
    await card.getByText("Urgent", { exact: true }).waitFor()
    await card.getByText(`Dubois Claire · ${cuma.name}`, { exact: false }).waitFor()
    expect(await card.getByRole("button", { name: "Terminer l'annonce" }).count()).toBe(0)
    await memberPage.goto(`${server.url}/notifications`)
    await memberPage
      .getByText(
        `Urgent — Dubois Claire a publié une annonce pour ${cuma.name} : Le pulvérisateur est en panne jusqu'à jeudi`,
      )
      .waitFor()
    await memberPage.getByRole("link", { name: "Voir les annonces" }).click()
    await memberPage.waitForURL(/\/home\/MegaPhone$/)
    await memberPage.getByRole("button", { name: "Marquer comme lue" }).click()
    await memberPage.getByRole("button", { name: "Marquer comme lue" }).waitFor({ state: "detached" })
    // Read: nothing left above the home page's cards.
    await memberPage.goto(`${server.url}/home`)
    await memberPage.getByRole("article").first().waitFor()
    expect(await memberPage.getByRole("region", { name: "Annonces" }).count()).toBe(0)

    // The manager ends it: it shows no more, to anyone.
    await managerPage.reload()
    await managerPage.getByRole("button", { name: "Terminer l'annonce" }).click()
    await managerPage.getByRole("dialog").getByRole("button", { name: "Terminer l'annonce" }).click()
    await managerPage.getByText("Aucune annonce en cours.").waitFor()
    await memberPage.goto(`${server.url}/home/MegaPhone`)
    await memberPage.getByText("Aucune annonce en cours.").waitFor()
  })
})
