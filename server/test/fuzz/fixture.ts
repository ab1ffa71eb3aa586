import { expect } from "vitest"
import { fromAddress, signup, type TestApp } from "../app"
import { createCluster } from "../clusters"
import type { OpenApi } from "./openapi"
import { tamperedTokens } from "./tokens"

/** One request, and who sent it (its token is too long to read in a failure list). */
export interface Case {
  readonly method: string
  readonly path: string
  readonly who: string
  readonly headers: Record<string, string>
  readonly body?: string
}

export interface Fixture {
  readonly doc: OpenApi
  /**
   * Authorization headers: a member with every right in the structure, a signed-up user outside
   * it, a platform administrator.
   */
  readonly people: Readonly<Record<"member" | "stranger" | "admin", string>>
  /** Forged and replayed tokens, tried in cases of their own. */
  readonly tampered: ReadonlyArray<readonly [string, string]>
  /** Real ids by kind (others: from earlier answers), so that some input reaches the code behind the lookups. */
  readonly ids: Readonly<Record<"cluster" | "machine" | "user" | "other", ReadonlyArray<string>>>
}

type Person = Awaited<ReturnType<typeof signup>>
type Role = keyof Fixture["people"]
const roles: ReadonlyArray<Role> = ["member", "stranger", "admin"]
const as = (authorization: string) => ({ authorization })

/** A structure with a machine, made by `authorization` (who then holds every right in it). */
const structure = async (app: TestApp, authorization: string) => {
  const cluster = await createCluster(app, { auth: as(authorization) } as Person)
  const made = await app.call("POST", "/api/v2/machines", {
    body: { cluster, name: "Tracteur" },
    headers: as(authorization),
  })
  expect(made.status).toBe(201)
  return { cluster: [cluster], machine: [((await made.json()) as { id: string }).id] }
}

/**
 * What the fuzz sends its requests with: the contract; a member with every right of a structure
 * that has a machine, someone outside it, a platform administrator; tokens forged from the
 * member's; real ids. `renew` keeps it usable as the fuzz goes.
 */
export const fuzzFixture = async (app: TestApp) => {
  const people: Record<Role, Person> = {
    member: await signup(app),
    stranger: await signup(app),
    admin: await signup(app),
  }
  await app.sql((sql) => sql`UPDATE users SET is_admin = true WHERE id = ${people.admin.id}`)
  const [{ value: secret }] = await app.sql(
    (sql) => sql<{ value: string }>`SELECT value FROM server_keys WHERE name = 'jwt'`,
  )
  const first: Fixture = {
    doc: (await (await app.call("GET", "/api/openapi.json")).json()) as OpenApi,
    people: {
      member: people.member.auth.authorization,
      stranger: people.stranger.auth.authorization,
      admin: people.admin.auth.authorization,
    },
    tampered: await tamperedTokens(secret, people.member.jwt, "0b8a5d0c-6f4e-4c1a-9a53-3d1f0e2b7c99"),
    ids: {
      ...(await structure(app, people.member.auth.authorization)),
      user: roles.map((r) => people[r].id),
      other: [],
    },
  }

  /** Signs `role` in again if the fuzz signed it out (sign-out everywhere, say). */
  const again = async (f: Fixture, role: Role) => {
    if ((await app.call("GET", "/api/v2/me", { headers: as(f.people[role]) })).status === 200)
      return f.people[role]
    const res = await app.call("POST", "/api/v2/auth/login", {
      body: { email: people[role].email, password: people[role].password, rememberMe: false },
      headers: fromAddress(),
    })
    expect(res.status).toBe(200)
    return `JWT ${((await res.json()) as { token: string }).token}`
  }

  /**
   * The fixture signed in again and with a new structure when the fuzz has signed people out or
   * deleted it, so that the operations fuzzed next still reach the code behind the checks; `seen`
   * (ids from answers) becomes the pool for the parameters no known kind fits.
   */
  const renew = async (f: Fixture, seen: ReadonlySet<string>): Promise<Fixture> => {
    const signed = {
      member: await again(f, "member"),
      stranger: await again(f, "stranger"),
      admin: await again(f, "admin"),
    }
    const machine = await app.call("GET", `/api/v2/machines/${f.ids.machine[0]}`, {
      headers: as(signed.member),
    })
    const ids = machine.status === 200 ? f.ids : { ...f.ids, ...(await structure(app, signed.member)) }
    return { ...f, people: signed, ids: { ...ids, other: [...seen].slice(-64) } }
  }
  return { first, renew }
}
