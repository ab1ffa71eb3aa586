import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { Address } from "../../src/schema/user"
import { hashPassword } from "../auth/passwords"
import { Users } from "../auth/users"

/** Printed on start and written in the README. */
export const demoSignIn = { email: "demo@sillon.test", password: "sillon-demo" } as const

const address = (street: string, postalCode: string, city: string): Address =>
  ({ street, complement: null, postalCode, city, country: "France" }) as Address

/** People of the demo CUMA; the structures issue adds the CUMA itself and their memberships. */
const people = [
  { email: "paul.martin@sillon.test", firstname: "Paul", lastname: "Martin", city: "Chartres" },
  { email: "claire.dubois@sillon.test", firstname: "Claire", lastname: "Dubois", city: "Bonneval" },
  { email: "luc.bernard@sillon.test", firstname: "Luc", lastname: "Bernard", city: "Illiers-Combray" },
] as const

/** The demo user and a few neighbours; returns the ids later seeders attach their data to. */
export const seedPeople = Effect.gen(function* () {
  const users = yield* Users
  const sql = yield* SqlClient.SqlClient
  const passwordHash = yield* hashPassword(demoSignIn.password)
  const demo = yield* users.create({
    email: demoSignIn.email,
    passwordHash,
    firstname: "Jeanne",
    lastname: "Moreau",
    name: "EARL des Sillons",
    mobile: "06 12 34 56 78",
    address: address("12 route de la Plaine", "28000", "Chartres"),
    language: "fr",
  })
  if (!demo) return undefined
  const others = []
  for (const p of people) {
    const row = yield* users.create({
      email: p.email,
      passwordHash,
      firstname: p.firstname,
      lastname: p.lastname,
      address: address("1 place de la Mairie", "28000", p.city),
    })
    if (row) others.push(row)
  }
  // Demo people own their (made-up) addresses: proven, so invitations and administration work for them.
  for (const person of [demo, ...others]) yield* users.verifyEmail(person.id)
  // The demo user acts for Paul Martin (SPEC §6: reachable users are the user plus their delegated users).
  yield* sql`INSERT INTO delegations (user_id, delegate_id) VALUES (${demo.id}, ${others[0].id})`.pipe(
    Effect.orDie,
  )
  return { demo, others, passwordHash }
})
