// Size: every date and date-time field of the product (booking start and end, the association wizard, an association's dates, a machine's maintenance days, the expert screen's UTC period, an announcement's end), typed in each way a person types, in one server run.
import type { Browser, Page, Request } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { launchBrowser } from "./support/browser"
import { field, signInThroughForm } from "./support/people"
import { type RunningServer, startServer } from "./support/server"
import { phone } from "./support/session"

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  ;[server, browser] = await Promise.all([startServer(), launchBrowser()])
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/** The demo account (SEED_DEMO): member of the demo CUMA with its machines and boxes, every right. */
const demo = { email: "demo@sillon.test", password: "sillon-demo", firstname: "Jeanne", lastname: "Moreau" }
const zone = "Europe/Paris"

/** A French phone in France, signed in as the demo account. */
const signedIn = async (): Promise<Page> => {
  const context = await browser.newContext({
    locale: "fr-FR",
    timezoneId: zone,
    serviceWorkers: "block",
    viewport: phone,
  })
  const page = await context.newPage()
  page.setDefaultTimeout(30_000)
  await page.goto(`${server.url}/signin`)
  await signInThroughForm(page, demo)
  await page.waitForURL(/\/home$/)
  return page
}

/** An instant as a person in France reads it: "15/12/2026 14:30". */
const inFrance = (iso: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: zone, dateStyle: "short", timeStyle: "short" }).format(
    new Date(iso),
  )

/** The `n`th day of next month, as the calendar names it ("15 décembre 2026") and as typed ("15/12/2026"). */
const dayNextMonth = (n: number) => {
  const now = new Date()
  const d = new Date(now.getFullYear(), now.getMonth() + 1, n)
  const pad = (x: number) => String(x).padStart(2, "0")
  return {
    label: new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric" }).format(d),
    typed: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
    digits: `${pad(d.getDate())}${pad(d.getMonth() + 1)}${d.getFullYear()}`,
  }
}

const dayInput = (page: Page, field: string) => page.getByLabel(`${field} : jour`, { exact: true })
const timeInput = (page: Page, field: string) => page.getByLabel(`${field} : heure`, { exact: true })

/** Opens the field's calendar, goes to next month and clicks the day, as a person picks it. */
const pickDay = async (page: Page, field: string, label: string) => {
  await dayInput(page, field).click()
  const calendar = page.locator("[data-dates-dropdown]")
  await calendar.locator("button[data-direction=next]").click()
  await calendar.getByRole("button", { name: label, exact: true }).click()
  // The calendar closes once the day is picked: the next field's calendar is then the only one.
  await calendar.waitFor({ state: "detached" })
}

/** Clicks into the time part and types it, key by key. */
const typeTime = async (page: Page, field: string, typed: string) => {
  await timeInput(page, field).click()
  await page.keyboard.type(typed)
}

/** Clicks into a part already filled, selects what it holds and types over it. */
const retype = async (page: Page, input: ReturnType<typeof dayInput>, typed: string) => {
  await input.click()
  await page.keyboard.press("ControlOrMeta+A")
  await page.keyboard.type(typed)
}

/** What the field shows once the person has left it. */
const shown = async (page: Page, field: string) => {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  return `${await dayInput(page, field).inputValue()} ${await timeInput(page, field).inputValue()}`
}

/** The JSON body of the next write to `path` the page sends, and the server's answer to it. */
const nextWrite = (page: Page, method: string, path: RegExp) =>
  page
    .waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname))
    .then(async (response) => ({
      sent: JSON.parse((response.request() as Request).postData() ?? "{}"),
      status: response.status(),
      saved: await response.json(),
    }))

/** A new booking of the demo tractor, its dates filled by `fill`; what was sent and saved. */
const book = async (page: Page, fill: (page: Page) => Promise<void>) => {
  await page.goto(`${server.url}/ActionBooking`)
  await page.getByLabel("Ajouter une machine").selectOption({ label: "Tracteur John Deere 6155R" })
  await fill(page)
  const [{ sent, status, saved }] = await Promise.all([
    nextWrite(page, "PUT", /\/booking$/),
    page.getByRole("button", { name: "Envoyer la demande" }).click(),
  ])
  expect(status).toBe(200)
  return {
    sent: [inFrance(sent.start_date), inFrance(sent.end_date)],
    saved: [inFrance(saved.start_date), inFrance(saved.end_date)],
  }
}

describe("typing a booking's times", () => {
  const times = [
    ["1430", "14:30"],
    ["14:30", "14:30"],
    ["0930", "09:30"],
    ["9:30", "09:30"],
  ] as const

  it("after picking the day in the calendar, the time typed is the one shown, sent and booked", async () => {
    const page = await signedIn()
    for (const [i, [typed, time]] of times.entries()) {
      // From the 10th: the demo bookings reach a week ahead, into next month's first days at a
      // month's end, and would hold the tractor on those days.
      const day = dayNextMonth(10 + 2 * i)
      const booked = await book(page, async () => {
        await pickDay(page, "Début", day.label)
        await typeTime(page, "Début", typed)
        expect(await shown(page, "Début")).toBe(`${day.typed} ${time}`)
        await pickDay(page, "Fin", day.label)
        await typeTime(page, "Fin", "2359")
        expect(await shown(page, "Fin")).toBe(`${day.typed} 23:59`)
      })
      expect(booked).toEqual({ sent: [`${day.typed} ${time}`, `${day.typed} 23:59`], saved: booked.sent })
    }
  })

  it("typed before picking the day, the time is kept", async () => {
    const page = await signedIn()
    for (const [i, [typed, time]] of times.entries()) {
      const day = dayNextMonth(11 + 2 * i)
      const booked = await book(page, async () => {
        await typeTime(page, "Début", typed)
        await pickDay(page, "Début", day.label)
        expect(await shown(page, "Début")).toBe(`${day.typed} ${time}`)
        await typeTime(page, "Fin", "22h")
        await pickDay(page, "Fin", day.label)
      })
      expect(booked).toEqual({ sent: [`${day.typed} ${time}`, `${day.typed} 22:00`], saved: booked.sent })
    }
  })

  it("the day typed with or without separators, then Tab to the time, or the time first", async () => {
    const page = await signedIn()
    const first = dayNextMonth(20)
    const booked = await book(page, async () => {
      await dayInput(page, "Début").click()
      await page.keyboard.type(first.digits)
      await page.keyboard.press("Tab")
      await page.keyboard.type("930")
      await dayInput(page, "Fin").click()
      await page.keyboard.type(first.typed)
      await page.keyboard.press("Tab")
      await page.keyboard.type("1430")
    })
    expect(booked.sent).toEqual([`${first.typed} 09:30`, `${first.typed} 14:30`])
    expect(booked.saved).toEqual(booked.sent)

    const second = dayNextMonth(22)
    const again = await book(page, async () => {
      await typeTime(page, "Début", "0800")
      await page.keyboard.press("Shift+Tab")
      await page.keyboard.type(second.typed)
      await typeTime(page, "Fin", "17:45")
      await page.keyboard.press("Shift+Tab")
      await page.keyboard.type(second.digits)
      await page.keyboard.press("Tab")
    })
    expect(again.sent).toEqual([`${second.typed} 08:00`, `${second.typed} 17:45`])
  })

  it("a day without its time is not booked at midnight: the form asks for the time", async () => {
    const page = await signedIn()
    const day = dayNextMonth(25)
    await page.goto(`${server.url}/ActionBooking`)
    await page.getByLabel("Ajouter une machine").selectOption({ label: "Tracteur John Deere 6155R" })
    let writes = 0
    page.on("request", (r) => {
      if (r.method() === "PUT") writes += 1
    })
    await pickDay(page, "Début", day.label)
    await pickDay(page, "Fin", day.label)
    await typeTime(page, "Fin", "1800")
    await page.getByRole("button", { name: "Envoyer la demande" }).click()
    await page.getByText("Indiquez aussi l'heure, par exemple 14:30").waitFor()
    await page.getByText("Formulaire incomplet").waitFor()
    expect(await timeInput(page, "Début").inputValue()).toBe("")
    expect(writes).toBe(0)
  })
})

describe("typing the dates of a box on a machine", () => {
  it("the wizard proposes now as the start; the end typed is the one sent", async () => {
    const page = await signedIn()
    const before = Date.now()
    await page.goto(`${server.url}/counter/Association`)
    await field(page, "Structure").selectOption({ label: "CUMA de la Vallée" })
    await field(page, "Boîtier").fill("SIL-0004")
    await page.getByRole("button", { name: "Continuer" }).click()
    await page.getByText("Étape 2 sur 2").waitFor()
    await field(page, "Machine").selectOption({ label: "Semoir Kuhn Espro 3000" })
    const start = (await shown(page, "Date de début")).match(/^(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)$/)
    expect(start).not.toBeNull()
    const [, d, m, y, h, min] = (start ?? []).map(Number)
    const proposed = Date.parse(
      `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}T${String(h).padStart(2, "0")}:${String(min).padStart(2, "0")}:00${parisOffset()}`,
    )
    expect(proposed).toBeGreaterThanOrEqual(Math.floor(before / 60_000) * 60_000)
    expect(proposed).toBeLessThanOrEqual(Date.now())

    const end = dayNextMonth(3)
    await pickDay(page, "Date de fin (facultative)", end.label)
    await typeTime(page, "Date de fin (facultative)", "0930")
    expect(await shown(page, "Date de fin (facultative)")).toBe(`${end.typed} 09:30`)
    const [{ sent, status }] = await Promise.all([
      nextWrite(page, "POST", /\/associations$/),
      page.getByRole("button", { name: "Associer" }).click(),
    ])
    expect(status).toBe(201)
    expect(Date.parse(sent.start_date)).toBe(proposed)
    expect(inFrance(sent.end_date)).toBe(`${end.typed} 09:30`)
    await page.getByText("Le boîtier SIL-0004 est posé sur Semoir Kuhn Espro 3000.").waitFor()
  })

  it("an association's dates edited by typing: the times typed are the ones sent", async () => {
    const page = await signedIn()
    await page.goto(`${server.url}/counter`)
    const card = page.getByLabel("Boîtier SIL-0001", { exact: true })
    await card
      .getByRole("button", { name: /^Modifier les dates/ })
      .first()
      .click()
    const start = dayNextMonth(1)
    await retype(page, dayInput(page, "Date de début"), start.typed)
    await retype(page, timeInput(page, "Date de début"), "1430")
    const end = dayNextMonth(9)
    await typeTime(page, "Date de fin (facultative)", "9:30")
    await pickDay(page, "Date de fin (facultative)", end.label)
    expect(await shown(page, "Date de début")).toBe(`${start.typed} 14:30`)
    expect(await shown(page, "Date de fin (facultative)")).toBe(`${end.typed} 09:30`)
    const [{ sent, status }] = await Promise.all([
      nextWrite(page, "PATCH", /\/associations\/[^/]+$/),
      page.getByRole("button", { name: "Enregistrer" }).click(),
    ])
    expect(status).toBe(200)
    expect([inFrance(sent.start_date), inFrance(sent.end_date)]).toEqual([
      `${start.typed} 14:30`,
      `${end.typed} 09:30`,
    ])
  })
})

describe("typing a machine's maintenance days", () => {
  const issue = "Date de mise en service"
  const measured = "Heures moteur relevées le"
  const dayField = (page: Page, label: string) => page.getByLabel(label, { exact: true })

  /** The demo combine's id, read through the API as the demo. */
  const combine = async () => {
    const login = await fetch(`${server.url}/api/v2/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demo.email, password: demo.password }),
    })
    const { token } = (await login.json()) as { token: string }
    const machines = (await (
      await fetch(`${server.url}/api/v2/machines`, { headers: { authorization: `JWT ${token}` } })
    ).json()) as Array<{ id: string; name: string }>
    const found = machines.find((m) => m.name === "Moissonneuse Claas Lexion 760")
    if (found === undefined) throw new Error("the demo has no combine")
    return found.id
  }

  /** Opens the machine's page and its edit form, as the person does with "Modifier". */
  const openEdit = async (page: Page, id: string) => {
    await page.goto(`${server.url}/machines/${id}`)
    await page.getByRole("button", { name: "Modifier", exact: true }).click()
    await dayField(page, issue).waitFor()
  }

  /** The two days as the form shows them once the person has left the field. */
  const shownDays = async (page: Page) => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    return [await dayField(page, issue).inputValue(), await dayField(page, measured).inputValue()]
  }

  /** Retypes both days of the open edit form, saves; the days sent and saved ("YYYY-MM-DD"). */
  const saveDays = async (page: Page, typedIssue: string, typedMeasured: string) => {
    await retype(page, dayField(page, issue), typedIssue)
    await retype(page, dayField(page, measured), typedMeasured)
    const shownBefore = await shownDays(page)
    const [{ sent, status, saved }] = await Promise.all([
      nextWrite(page, "PATCH", /\/machines\/[^/]+$/),
      page.getByRole("button", { name: "Enregistrer" }).click(),
    ])
    expect(status).toBe(200)
    const days = (m: {
      maintenance: { dateOfIssue: string | null; engineHoursMeasuredAt: string | null }
    }) => [m.maintenance.dateOfIssue, m.maintenance.engineHoursMeasuredAt]
    return { shown: shownBefore, sent: days(sent.editMachine), saved: days(saved) }
  }

  it("on the edit form, the days typed without and with separators are the ones shown, sent and saved", async () => {
    const page = await signedIn()
    const id = await combine()
    await openEdit(page, id)
    expect(await shownDays(page)).toEqual(["20/06/2016", "01/10/2026"])

    const first = await saveDays(page, "03112018", "15.11.2026")
    expect(first).toEqual({
      shown: ["03/11/2018", "15/11/2026"],
      sent: ["2018-11-03T00:00:00.000Z", "2026-11-15T00:00:00.000Z"],
      saved: ["2018-11-03T00:00:00.000Z", "2026-11-15T00:00:00.000Z"],
    })
    await page.getByText("Machine enregistrée").waitFor()
    await openEdit(page, id)
    expect(await shownDays(page)).toEqual(["03/11/2018", "15/11/2026"])

    const second = await saveDays(page, "05/04/2017", "02102026")
    expect(second).toEqual({
      shown: ["05/04/2017", "02/10/2026"],
      sent: ["2017-04-05T00:00:00.000Z", "2026-10-02T00:00:00.000Z"],
      saved: ["2017-04-05T00:00:00.000Z", "2026-10-02T00:00:00.000Z"],
    })
    await page.getByText("Machine enregistrée").waitFor()
    await openEdit(page, id)
    expect(await shownDays(page)).toEqual(["05/04/2017", "02/10/2026"])
  })

  it("on the add form, the days typed are the ones the new machine is saved with", async () => {
    const page = await signedIn()
    await page.goto(`${server.url}/ListMachines?add=1`)
    await field(page, "Nom").fill("Herse rotative")
    await dayField(page, issue).click()
    await page.keyboard.type("07/08/2020")
    await dayField(page, measured).click()
    await page.keyboard.type("09032026")
    expect(await shownDays(page)).toEqual(["07/08/2020", "09/03/2026"])
    const [{ sent, status, saved }] = await Promise.all([
      nextWrite(page, "POST", /\/machines$/),
      page.getByRole("button", { name: "Ajouter la machine" }).click(),
    ])
    expect(status).toBe(201)
    expect([sent.maintenance.dateOfIssue, sent.maintenance.engineHoursMeasuredAt]).toEqual([
      "2020-08-07T00:00:00.000Z",
      "2026-03-09T00:00:00.000Z",
    ])
    expect([saved.maintenance.dateOfIssue, saved.maintenance.engineHoursMeasuredAt]).toEqual([
      "2020-08-07T00:00:00.000Z",
      "2026-03-09T00:00:00.000Z",
    ])
  })
})

describe("typing the expert screen's period, in UTC", () => {
  it("the days and times typed are read at UTC, not in the person's time zone (Paris), and asked for as typed", async () => {
    const page = await signedIn()
    await page.goto(`${server.url}/expert`)
    await field(page, "Machine").selectOption({ label: "Tracteur John Deere 6155R" })
    const start = "Début (UTC)"
    const end = "Fin (UTC)"
    await retype(page, dayInput(page, start), "15112026")
    await retype(page, timeInput(page, start), "0930")
    await retype(page, dayInput(page, end), "16/11/2026")
    await retype(page, timeInput(page, end), "14h30")
    expect(await shown(page, start)).toBe("15/11/2026 09:30")
    expect(await shown(page, end)).toBe("16/11/2026 14:30")
    const [asked] = await Promise.all([
      page.waitForRequest((r) => new URL(r.url()).pathname.endsWith("/history_locs")),
      page.getByRole("button", { name: "Afficher" }).click(),
    ])
    const params = new URL(asked.url()).searchParams
    expect([params.get("start_date"), params.get("end_date")].map((iso) => Date.parse(iso ?? ""))).toEqual([
      Date.parse("2026-11-15T09:30:00Z"),
      Date.parse("2026-11-16T14:30:00Z"),
    ])
    await page.getByText(/^0 positions? sur la période$/).waitFor()
  })
})

/** Paris's offset from UTC right now ("+01:00" or "+02:00"), to read a shown local time back. */
const parisOffset = () => {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(new Date())
    .find((p) => p.type === "timeZoneName")?.value
  return (name ?? "GMT+01:00").replace("GMT", "") || "+00:00"
}

describe("typing an announcement's end", () => {
  const end = "Fin de l'annonce (facultatif)"

  /** Posts an announcement of the demo CUMA whose end `fill` types; what was sent and saved. */
  const post = async (page: Page, message: string, fill: (page: Page) => Promise<void>) => {
    await page.goto(`${server.url}/home/MegaPhone`)
    await page.getByLabel("Structure", { exact: true }).selectOption({ label: "CUMA de la Vallée" })
    await page.getByRole("textbox", { name: "Message" }).fill(message)
    await fill(page)
    const [{ sent, status, saved }] = await Promise.all([
      nextWrite(page, "PUT", /\/announcements\//),
      page.getByRole("button", { name: "Publier l'annonce" }).click(),
    ])
    expect(status).toBe(200)
    return { sent: inFrance(sent.endsAt), saved: inFrance(saved.endsAt) }
  }

  it("the day picked or typed, with the time typed in each way, is the end sent, saved and shown", async () => {
    const page = await signedIn()
    const picked = dayNextMonth(12)
    const first = await post(page, "Atelier fermé", async () => {
      await pickDay(page, end, picked.label)
      await typeTime(page, end, "1830")
      expect(await shown(page, end)).toBe(`${picked.typed} 18:30`)
    })
    expect(first).toEqual({ sent: `${picked.typed} 18:30`, saved: `${picked.typed} 18:30` })
    // The card says until when, in the page's words.
    const card = page.getByRole("listitem").filter({ hasText: "Atelier fermé" })
    await card.getByText(/Jusqu'au \d+ \S+ \d{4}, 18:30/).waitFor()

    const typed = dayNextMonth(14)
    const second = await post(page, "Aire de lavage fermée", async () => {
      await dayInput(page, end).click()
      await page.keyboard.type(typed.digits)
      await page.keyboard.press("Tab")
      await page.keyboard.type("7:05")
    })
    expect(second.sent).toBe(`${typed.typed} 07:05`)
    expect(second.saved).toBe(second.sent)
  })
})
