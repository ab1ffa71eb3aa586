import { chromium } from "playwright-core"

const base = "http://127.0.0.1:5190"
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
})
for (const [name, viewport] of [
  ["laptop", { width: 1280, height: 860 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  const context = await browser.newContext({ locale: "fr-FR", serviceWorkers: "block", viewport })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  await page.goto(`${base}/signin`)
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill("demo@sillon.test")
  await page
    .getByLabel(/mot de passe/i)
    .first()
    .fill("sillon-demo")
  await page
    .getByRole("button", { name: /connexion|se connecter/i })
    .first()
    .click()
  await page.waitForURL(/\/home$/)
  await page.goto(`${base}/FieldsMain`)
  await page.waitForTimeout(6000)
  await page.screenshot({ path: `/tmp/shots/main-${name}.png`, fullPage: name === "phone" })
  const first = page.getByRole("listitem").first().getByRole("link")
  await first.click()
  await page.waitForTimeout(5000)
  await page.screenshot({ path: `/tmp/shots/field-${name}.png`, fullPage: true })
  await page.goto(`${base}/FieldsAdd`)
  await page.waitForTimeout(2000)
  await page.locator("input[type=file]").setInputFiles("/work/shared/data/parcels/telepac-parcelles.zip")
  await page.waitForTimeout(8000)
  await page.screenshot({ path: `/tmp/shots/import-${name}.png`, fullPage: name === "phone" })
  await context.close()
}
await browser.close()
