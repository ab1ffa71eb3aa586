import { SqlError } from "@effect/sql/SqlError"
import { Cause } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { backends, signup, startTestApp, type TestApp } from "../test/app"
import { addMachine, clusterInput, createCluster, send } from "../test/clusters"
import { refusedValue } from "./errors"

const badRequest = {
  status: 400,
  body: { _tag: "BadRequest", code: "badRequest", message: "La requête est invalide" },
}

describe("a value the database refuses", () => {
  const refusal = (code: string) => new SqlError({ cause: { code }, message: "Failed to execute statement" })

  it("is found in a failure or a defect, by its SQLSTATE", () => {
    expect(refusedValue(Cause.die(refusal("22008")))).toBe("22008")
    expect(refusedValue(Cause.fail(refusal("22P05")))).toBe("22P05")
    expect(refusedValue(Cause.sequential(Cause.die(new Error("x")), Cause.die(refusal("22001"))))).toBe(
      "22001",
    )
  })

  it("is not a fault of the server: a lost connection, a broken constraint or another error stays one", () => {
    expect(refusedValue(Cause.die(refusal("08006")))).toBeUndefined()
    expect(refusedValue(Cause.die(refusal("23505")))).toBeUndefined()
    expect(refusedValue(Cause.die(new SqlError({ cause: new Error("socket closed") })))).toBeUndefined()
    expect(refusedValue(Cause.die({ code: "22008" }))).toBeUndefined()
  })
})

describe.each(backends)("values the database refuses, on %s", (backend) => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp(backend)
  })
  afterAll(() => app?.close())

  it("answers 400 for a NUL character in a structure's name, and creates nothing", async () => {
    const anne = await signup(app)
    const res = await send(
      app,
      anne,
      "POST",
      "/api/v2/clusters",
      clusterInput({ name: "CUMA\u0000 du Loir" }),
    )
    expect(res).toEqual({
      status: 400,
      body: {
        _tag: "BadRequest",
        code: "invalidText",
        message: "Ce texte contient un caractère non autorisé",
      },
    })
    const rows = await app.sql(
      (sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM clusters WHERE name LIKE 'CUMA%du Loir'`,
    )
    expect(rows[0].n).toBe(0)
  })

  it("answers 400 for a box associated from a year the database cannot hold, and associates nothing", async () => {
    const anne = await signup(app)
    const cuma = await createCluster(app, anne, { name: "CUMA des Dates" })
    const tractor = await addMachine(app, cuma, "Tracteur")
    const box = `TD-${backend[0].toUpperCase()}-${Date.now() % 100000}`
    await app.sql((sql) => sql`INSERT INTO counters (id, cluster_id, battery) VALUES (${box}, ${cuma}, 80)`)
    const res = await send(app, anne, "POST", `/api/v2/counters/${box}/associations`, {
      cluster: cuma,
      machine: tractor,
      start_date: "-000100-01-01T00:00:00Z",
    })
    expect(res).toEqual(badRequest)
    const rows = await app.sql(
      (sql) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM counter_associations WHERE counter_id = ${box}`,
    )
    expect(rows[0].n).toBe(0)
  })
})
