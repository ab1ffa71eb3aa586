// Size: the API cases of idempotency, each run on PGlite and PostgreSQL, kept together with the set-up they share.
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import de from "../../src/i18n/de"
import en from "../../src/i18n/en"
import pl from "../../src/i18n/pl"
import { serverMessages } from "../../src/schema/messages"
import { backends, fromAddress, signup, startTestApp, type TestApp } from "../test/app"
import { clusterInput } from "../test/clusters"
import { keysOf, sessionScope, sha256 } from "./idempotency"

type Person = Awaited<ReturnType<typeof signup>>

/** The session a person's access token names (its `sid` claim). */
const sessionOf = (person: Person) =>
  (JSON.parse(Buffer.from(person.jwt.split(".")[1], "base64url").toString("utf8")) as { sid: string }).sid

describe.each(backends)("Idempotency-Key on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  const create = (person: Person, body: unknown, key?: string) =>
    app.call("POST", "/api/v2/clusters", {
      body,
      headers: { ...person.auth, ...(key === undefined ? {} : { "idempotency-key": key }) },
    })
  const clustersNamed = async (name: string) => {
    const rows = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM clusters WHERE name = ${name}`,
    )
    return rows[0].n
  }
  const uniqueName = () => `Idempotent ${randomUUID()}`

  it("sends the same creation twice under one key: one structure, the same answer replayed", async () => {
    const anne = await signup(app)
    const name = uniqueName()
    const key = randomUUID()
    const first = await create(anne, clusterInput({ name }), key)
    const second = await create(anne, clusterInput({ name }), key)
    expect([first.status, second.status]).toEqual([201, 201])
    expect(first.headers.get("idempotent-replayed")).toBeNull()
    expect(second.headers.get("idempotent-replayed")).toBe("true")
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"))
    expect(second.headers.get("cache-control")).toBe("no-store")
    expect(await second.text()).toBe(await first.text())
    expect(await clustersNamed(name)).toBe(1)
  })

  it("replays a 4xx answer too", async () => {
    const anne = await signup(app)
    const key = randomUUID()
    const invalid = clusterInput({ name: "" })
    const first = await create(anne, invalid, key)
    const second = await create(anne, invalid, key)
    expect(first.status).toBeGreaterThanOrEqual(400)
    expect(first.status).toBeLessThan(500)
    expect(second.status).toBe(first.status)
    expect(second.headers.get("idempotent-replayed")).toBe("true")
    expect(await second.json()).toEqual(await first.json())
  })

  it("refuses the key again with another body or path (422, translated), and changes nothing", async () => {
    const anne = await signup(app)
    const name = uniqueName()
    const key = randomUUID()
    expect((await create(anne, clusterInput({ name }), key)).status).toBe(201)
    const other = await create(anne, clusterInput({ name: `${name} bis` }), key)
    expect(other.status).toBe(422)
    expect(await other.json()).toEqual({
      _tag: "UnprocessableEntity",
      code: "idempotencyKeyReused",
      message: serverMessages.idempotencyKeyReused,
    })
    for (const locale of [en, pl, de]) expect(locale.errors.idempotencyKeyReused).toBeTruthy()
    const elsewhere = await app.call("POST", "/api/v2/me/email/askConfirmation", {
      headers: { ...anne.auth, "idempotency-key": key },
    })
    expect(elsewhere.status).toBe(422)
    expect(await clustersNamed(`${name} bis`)).toBe(0)
  })

  it("never serves one caller's answer to another using the same key", async () => {
    const anne = await signup(app)
    const paul = await signup(app)
    const name = uniqueName()
    const key = randomUUID()
    const mine = await create(anne, clusterInput({ name }), key)
    const theirs = await create(paul, clusterInput({ name }), key)
    expect([mine.status, theirs.status]).toEqual([201, 201])
    expect(theirs.headers.get("idempotent-replayed")).toBeNull()
    expect(((await theirs.json()) as { id: string }).id).not.toBe(((await mine.json()) as { id: string }).id)
    expect(await clustersNamed(name)).toBe(2)
    // Anne's other session is another caller too.
    const again = await app.call("POST", "/api/v2/auth/login", {
      body: { email: anne.email, password: anne.password, rememberMe: false },
      headers: fromAddress(),
    })
    const token = ((await again.json()) as { token: string }).token
    const fromElsewhere = await app.call("POST", "/api/v2/clusters", {
      body: clusterInput({ name }),
      headers: { authorization: `JWT ${token}`, "idempotency-key": key },
    })
    expect(fromElsewhere.status).toBe(201)
    expect(await clustersNamed(name)).toBe(3)
  })

  it("replays an anonymous sign-up, and keeps its answer (tokens) only encrypted", async () => {
    const key = randomUUID()
    const email = `idem-${randomUUID()}@example.org`
    const newUser = { email, password: "correct horse", firstname: "Anne", lastname: "Petit" }
    const headers = { ...fromAddress(), "idempotency-key": key }
    const first = await app.call("POST", "/api/v1/signup", { body: { newUser }, headers })
    const second = await app.call("POST", "/api/v1/signup", { body: { newUser }, headers })
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.headers.get("idempotent-replayed")).toBe("true")
    const answer = (await first.json()) as { jwt: string; refreshToken: string }
    expect(await second.json()).toEqual(answer)
    const users = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE email = ${email}`,
    )
    expect(users[0].n).toBe(1)
    const stored = await app.sql((sql) => sql<{ body: string }>`SELECT body FROM idempotency_keys`)
    for (const { body } of stored) {
      expect(body).not.toContain(answer.refreshToken)
      expect(Buffer.from(body, "base64").toString("latin1")).not.toContain(answer.refreshToken)
    }
  })

  it("keeps no 5xx: a retry after a fault runs again", async () => {
    const anne = await signup(app)
    const name = uniqueName()
    const key = randomUUID()
    await app.sql(
      (sql) => sql`CREATE FUNCTION idempotency_test_fault() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'disk on fire'; END $$`,
    )
    await app.sql(
      (sql) => sql`CREATE TRIGGER idempotency_test_fault BEFORE INSERT ON clusters
        FOR EACH ROW EXECUTE FUNCTION idempotency_test_fault()`,
    )
    let fault: Response
    try {
      fault = await create(anne, clusterInput({ name }), key)
    } finally {
      await app.sql((sql) => sql`DROP TRIGGER idempotency_test_fault ON clusters`)
      await app.sql((sql) => sql`DROP FUNCTION idempotency_test_fault()`)
    }
    expect(fault.status).toBe(500)
    const retry = await create(anne, clusterInput({ name }), key)
    expect(retry.status).toBe(201)
    expect(retry.headers.get("idempotent-replayed")).toBeNull()
    expect(await clustersNamed(name)).toBe(1)
  })

  it("answers 409 requestInProgress while the first run holds the key, and takes over a dead run's key", async () => {
    const anne = await signup(app)
    const name = uniqueName()
    const key = randomUUID()
    const body = clusterInput({ name })
    // Another instance is running this very request (the same fingerprint).
    const { hash } = keysOf(sessionScope(sessionOf(anne)), key)
    await app.sql(
      (sql) => sql`INSERT INTO idempotency_keys
          (key_hash, method, path, body_sha256, run_id, running_until, expires_at)
        VALUES (${hash}, 'POST', '/api/v2/clusters', ${sha256(JSON.stringify(body)).digest("hex")},
          ${randomUUID()}, now() + interval '1 minute', now() + interval '1 day')`,
    )
    const busy = await create(anne, body, key)
    expect(busy.status).toBe(409)
    expect(busy.headers.get("retry-after")).toBe("1")
    expect(await busy.json()).toEqual({
      _tag: "Conflict",
      code: "requestInProgress",
      message: serverMessages.requestInProgress,
    })
    for (const locale of [en, pl, de]) expect(locale.errors.requestInProgress).toBeTruthy()
    // That instance died: once its lease has passed, a retry runs.
    await app.sql(
      (sql) => sql`UPDATE idempotency_keys SET running_until = now() - interval '1 second'
        WHERE key_hash = ${hash}`,
    )
    const retry = await create(anne, body, key)
    expect(retry.status).toBe(201)
    expect(await clustersNamed(name)).toBe(1)
  })

  it("forgets a key after 24 hours", async () => {
    const anne = await signup(app)
    const key = randomUUID()
    expect((await create(anne, clusterInput({ name: uniqueName() }), key)).status).toBe(201)
    const { hash } = keysOf(sessionScope(sessionOf(anne)), key)
    await app.sql(
      (sql) =>
        sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key_hash = ${hash}`,
    )
    const name = uniqueName()
    const reused = await create(anne, clusterInput({ name }), key)
    expect(reused.status).toBe(201)
    expect(reused.headers.get("idempotent-replayed")).toBeNull()
    expect(await clustersNamed(name)).toBe(1)
  })

  it("without a key behaves as before: each call runs", async () => {
    const anne = await signup(app)
    const name = uniqueName()
    const first = await create(anne, clusterInput({ name }))
    const second = await create(anne, clusterInput({ name }))
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.headers.get("idempotent-replayed")).toBeNull()
    expect(await clustersNamed(name)).toBe(2)
  })

  it("refuses a malformed key (400) and ignores keys on reads", async () => {
    const anne = await signup(app)
    for (const key of ["", "x".repeat(256)]) {
      const res = await create(anne, clusterInput({ name: uniqueName() }), key)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe("badRequest")
    }
    const key = randomUUID()
    for (let i = 0; i < 2; i++) {
      const read = await app.call("GET", "/api/v2/me", { headers: { ...anne.auth, "idempotency-key": key } })
      expect(read.status).toBe(200)
      expect(read.headers.get("idempotent-replayed")).toBeNull()
    }
  })
})
