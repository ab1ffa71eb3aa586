import type { Page } from "playwright-core"
import { linkIn } from "./browser"
import type { RunningServer } from "./server"

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A form field by its exact label; Mantine appends " *" to required ones. */
export const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${escapeRegExp(label)}( \\*)?$`))

export interface Person {
  readonly email: string
  readonly password: string
  readonly firstname: string
  readonly lastname: string
}

let counter = 0
export const newPerson = (prefix: string): Person => ({
  email: `${prefix}-${Date.now()}-${++counter}@sillon.test`,
  password: "motdepasse-solide-1",
  firstname: "Camille",
  lastname: "Durand",
})

/** A seeded person with the tokens their sign-up returned. */
export interface SeededPerson extends Person {
  readonly jwt: string
  readonly refreshToken: string
}

/** A complete address: a person with one is not sent to /me first. */
export const anAddress = {
  street: "12 route des Champs",
  complement: null,
  postalCode: "35000",
  city: "Rennes",
  country: "France",
}

/** Seeds through the API, as a person who already signed up and filled in their address. */
export const seedPerson = async (
  base: string,
  prefix: string,
  names: Partial<Person> = {},
): Promise<SeededPerson> => {
  const person = { ...newPerson(prefix), ...names }
  const res = await fetch(`${base}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ newUser: person }),
  })
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`)
  const { jwt, refreshToken } = (await res.json()) as { jwt: string; refreshToken: string }
  const put = await fetch(`${base}/api/v2/me`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `JWT ${jwt}` },
    body: JSON.stringify({ edit: { address: anAddress } }),
  })
  if (!put.ok) throw new Error(`PUT /me answered ${put.status}`)
  return { ...person, jwt, refreshToken }
}

/**
 * Proves the person's address with the code mailed at sign-up, entered while signed in (as the
 * mailed link's page does); the answer's status.
 */
export const proveAddress = async (server: Pick<RunningServer, "url" | "mail">, person: SeededPerson) => {
  const mail = await server.mail((m) => m.includes(person.email) && m.includes("/me?confirm="))
  const code = new URL(linkIn(mail, server.url)).searchParams.get("confirm") ?? ""
  const res = await fetch(`${server.url}/api/v2/me/email/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `JWT ${person.jwt}` },
    body: JSON.stringify({ code }),
  })
  return res.status
}

/** Fills the sign-in form the way a person does. */
export const signInThroughForm = async (page: Page, person: Person) => {
  await field(page, "Adresse email").fill(person.email)
  await field(page, "Mot de passe").fill(person.password)
  await page.getByRole("button", { name: "Se connecter", exact: true }).click()
}
