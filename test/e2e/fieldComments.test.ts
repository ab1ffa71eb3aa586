import { randomUUID } from "node:crypto"
import type { Page } from "playwright-core"
import { describe, expect, it } from "vitest"
import { type SeededPerson, seedPerson } from "./support/people"
import { callApi, phone, signedInPage } from "./support/session"
import { serverAndBrowser } from "./support/suite"

// Chromium's fake microphone (a beep), granted without asking: MediaRecorder records it for real.
const suite = serverAndBrowser({ SEED_DEMO: "0" }, [
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
])

const api = (person: SeededPerson, method: string, path: string, body?: unknown) =>
  callApi(suite.server.url, person, method, path, body)

/** Anne's CUMA, Paul a member of it (default rights: he sees her fields), and Anne's field "La Mare". */
const farm = async () => {
  const anne = await seedPerson(suite.server.url, "comments-anne", { firstname: "Anne", lastname: "Moreau" })
  const paul = await seedPerson(suite.server.url, "comments-paul", { firstname: "Paul", lastname: "Roux" })
  const cuma = await api(anne, "POST", "/clusters", {
    name: `CUMA de la Mare ${Date.now()}`,
    type: "sharing",
    kind: "cuma",
    address: { street: "1 rue", complement: null, postalCode: "28120", city: "Illiers", country: "France" },
  })
  expect(cuma.status).toBe(201)
  const request = await api(paul, "POST", `/clusters/${cuma.body.id}/requests`, { role: "member" })
  expect((await api(anne, "POST", `/membershipRequests/${request.body.id}/accept`)).status).toBe(200)
  const field = randomUUID()
  const { lng, lat } = { lng: 1.2405, lat: 48.3027 }
  const ring = [
    [lng, lat],
    [lng + 0.002, lat],
    [lng + 0.002, lat + 0.0015],
    [lng, lat + 0.0015],
    [lng, lat],
  ]
  const put = await api(anne, "PUT", `/fields/${field}`, {
    name: "La Mare",
    geometry: { type: "Polygon", coordinates: [ring] },
    ownedSince: "2025-01-01",
  })
  expect(put.status).toBe(200)
  return { anne, paul, field }
}

const comment = (page: Page, text: string | RegExp) => page.getByRole("listitem").filter({ hasText: text })

describe("field comments and owners in Chromium", () => {
  it("writes a text comment, records a voice comment, listens to it, and deletes one", async () => {
    const { paul, field } = await farm()
    const page = await signedInPage(suite.browser, suite.server.url, paul, phone)
    await page.goto(`${suite.server.url}/fields/${field}`)
    await page.getByRole("heading", { name: "Commentaires" }).waitFor()
    await page.getByText("Aucun commentaire pour l'instant.").waitFor()

    await page.getByLabel("Votre commentaire").fill("Fossé à curer côté route")
    await page.getByRole("button", { name: "Envoyer" }).click()
    await comment(page, "Fossé à curer côté route")
      .getByText(/^Roux Paul, le /)
      .waitFor()
    expect(await page.getByLabel("Votre commentaire").inputValue()).toBe("")

    // Record two seconds or so, stop, listen before sending.
    await page.getByRole("button", { name: "Enregistrer un message vocal" }).click()
    await page.getByText(/^Enregistrement en cours : 0:0[2-9]$/).waitFor()
    await page.getByRole("button", { name: "Arrêter" }).click()
    const preview = page.getByLabel("Votre message vocal")
    await preview.waitFor()
    await expect.poll(() => preview.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0)
    await page.getByRole("button", { name: "Envoyer" }).click()
    const voice = comment(page, "Message vocal")
    await voice.getByRole("button", { name: "Écouter" }).waitFor()
    await expect.poll(() => preview.count()).toBe(0)

    // What the server keeps is a WebM recording, fetched apart as a blob when one listens.
    const listed = await api(paul, "GET", `/fields_comment?field=${field}`)
    expect(listed.body.map((c: { text: string | null }) => c.text)).toEqual([
      null,
      "Fossé à curer côté route",
    ])
    expect(listed.body[0].sound.contentType).toMatch(/^audio\/webm/)
    expect(listed.body[0].sound.bytes).toBeGreaterThan(1000)
    await voice.getByRole("button", { name: "Écouter" }).click()
    const player = page.getByLabel("Message vocal de Roux Paul")
    await player.waitFor()
    expect(await player.getAttribute("src")).toMatch(/^blob:/)
    await expect.poll(() => player.evaluate((a: HTMLAudioElement) => a.readyState)).toBeGreaterThan(0)

    // Deleting one's own, after a confirmation.
    await comment(page, "Fossé à curer côté route").getByRole("button", { name: "Supprimer" }).click()
    await page.getByRole("dialog").getByText("Le commentaire et son message vocal seront supprimés").waitFor()
    await page.getByRole("dialog").getByRole("button", { name: "Supprimer" }).click()
    await expect.poll(() => comment(page, "Fossé à curer côté route").count()).toBe(0)
    expect((await api(paul, "GET", `/fields_comment?field=${field}`)).body).toHaveLength(1)

    // A sound that cannot be fetched: the comment shows, without sound.
    await page.route("**/api/v2/fields_comment/*?sound=true", (route) => route.abort())
    await page.reload()
    // Once the page has its data (a click while the field is still being read may land on a list
    // about to be drawn again).
    await page.waitForLoadState("networkidle")
    await comment(page, "Message vocal").getByRole("button", { name: "Écouter" }).click()
    await comment(page, "Son indisponible").waitFor()
    await page.context().close()
  })

  it("explains in words a refused microphone and a browser that cannot record, and the text still goes", async () => {
    const { paul, field } = await farm()
    const page = await signedInPage(suite.browser, suite.server.url, paul, phone)
    // The person says no to the microphone.
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () =>
        Promise.reject(new DOMException("Permission denied", "NotAllowedError"))
    })
    await page.goto(`${suite.server.url}/fields/${field}`)
    await page.getByRole("button", { name: "Enregistrer un message vocal" }).click()
    await page.getByRole("alert").filter({ hasText: "L'accès au micro a été refusé" }).waitFor()
    // A browser without MediaRecorder.
    const older = await page.context().newPage()
    await older.addInitScript(() => {
      Reflect.deleteProperty(window, "MediaRecorder")
    })
    await older.goto(`${suite.server.url}/fields/${field}`)
    await older.getByRole("button", { name: "Enregistrer un message vocal" }).click()
    await older
      .getByRole("alert")
      .filter({ hasText: "Ce navigateur ne peut pas enregistrer de son" })
      .waitFor()
    await older.getByLabel("Votre commentaire").fill("Écrit faute de micro")
    await older.getByRole("button", { name: "Envoyer" }).click()
    await comment(older, "Écrit faute de micro").waitFor()
    await page.context().close()
  })

  it("gives a field to a member of the owner's CUMA from a day on, and shows the owners' history", async () => {
    const { anne, paul, field } = await farm()
    const page = await signedInPage(suite.browser, suite.server.url, anne, { width: 1280, height: 900 })
    await page.goto(`${suite.server.url}/fields/${field}`)
    // The structure it is seen through: Anne's CUMA, shared with its owner.
    await page.getByText(/^Structures : CUMA de la Mare \d+$/).waitFor()
    await page.getByRole("button", { name: "Changer de propriétaire" }).click()
    const dialog = page.getByRole("dialog", { name: "Donner « La Mare » à quelqu'un d'autre" })
    await dialog
      .getByLabel(/^Nouveau propriétaire/)
      .first()
      .click()
    await dialog.getByRole("option", { name: "Roux Paul", exact: true }).click()
    // The day typed as one writes it, over today's.
    await dialog.getByLabel(/^Propriétaire à partir du/).click()
    await page.keyboard.press("ControlOrMeta+A")
    await page.keyboard.type("01/03/2026")
    await page.keyboard.press("Tab")
    await dialog.getByRole("button", { name: "Changer de propriétaire" }).click()
    await dialog.waitFor({ state: "hidden" })
    await page.getByText("Propriétaire : Roux Paul, depuis le 1 mars 2026").waitFor()
    await page.getByText("Propriétaires successifs").waitFor()
    await page.getByText("Moreau Anne : du 1 janvier 2025 au 1 mars 2026").waitFor()
    await page.getByText("Roux Paul : depuis le 1 mars 2026").waitFor()
    const history = (await api(paul, "GET", `/fields/${field}`)).body.owners
    expect(history.map((o: { owner: { firstname: string } }) => o.owner.firstname)).toEqual(["Anne", "Paul"])
    await page.context().close()
  })
})
