import { PGlite } from "@electric-sql/pglite"
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist"
import { postgis } from "@electric-sql/pglite-postgis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freshDatabase, type TestDatabase } from "../test/databases"
import { pgliteDir } from "./client"
import { makeStatements } from "./pgliteStatements"

describe("prepared PGlite statements", () => {
  let database: TestDatabase
  let db: PGlite
  let statements: Awaited<ReturnType<typeof makeStatements>>
  beforeAll(async () => {
    database = await freshDatabase("pglite")
    db = await PGlite.create(pgliteDir(database.dataDir), { extensions: { btree_gist, postgis } })
    statements = await makeStatements(db, 3)
    await db.exec(`CREATE TABLE kinds (
      id uuid PRIMARY KEY, n int, big bigint, price numeric, ok boolean, label text, doc jsonb,
      at timestamptz, day date, raw bytea, tags text[], counts int[], place geometry(Point, 4326))`)
  })
  afterAll(async () => {
    await db?.close()
    await database?.drop()
  })

  const insert = `INSERT INTO kinds VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
    ST_SetSRID(ST_MakePoint($13, $14), 4326)) RETURNING *`
  const values = (id: string, label: string | null) => [
    id,
    42,
    "9007199254740993",
    "12.50",
    true,
    label,
    { a: [1, "é"], b: null },
    new Date("2026-03-01T10:00:00.123Z"),
    "2026-03-02",
    new Uint8Array([0, 1, 255]),
    ["x", "y,z", null],
    [1, 2],
    -1.68,
    48.11,
  ]

  it("answers the rows and values PGlite's query answers, prepared or not", async () => {
    const ours = await statements.rows(insert, values("00000000-0000-4000-8000-000000000001", 'a "b"\n'))
    await db.query("DELETE FROM kinds")
    const theirs = await db.query(insert, values("00000000-0000-4000-8000-000000000001", 'a "b"\n'))
    expect(ours).toEqual(theirs.rows)
    const select = "SELECT * FROM kinds WHERE id = $1 AND ok = $2 AND label IS DISTINCT FROM $3"
    const params = ["00000000-0000-4000-8000-000000000001", true, null]
    const expected = (await db.query(select, params)).rows
    expect(expected).toHaveLength(1)
    expect(await statements.rows(select, params)).toEqual(expected)
    expect(await statements.rows(select, params)).toEqual(expected) // now prepared
    expect(await statements.rows("SELECT count(*)::int AS n FROM kinds", [])).toEqual([{ n: 1 }])
  })

  it("prepares a statement again when a column is added or removed", async () => {
    const select = "SELECT * FROM kinds WHERE n = $1"
    const before = await statements.rows(select, [42])
    await db.exec("ALTER TABLE kinds ADD COLUMN extra text DEFAULT 'new'")
    const after = await statements.rows(select, [42])
    expect(after).toEqual([{ ...before[0], extra: "new" }])
    await db.exec("ALTER TABLE kinds DROP COLUMN extra")
    expect(await statements.rows(select, [42])).toEqual(before)
  })

  it("keeps a bounded number prepared, closing the oldest", async () => {
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 5; i++)
        expect(await statements.rows(`SELECT $1::int + ${i} AS n`, [round])).toEqual([{ n: round + i }])
    const kept = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'sillon\\_%'",
    )
    expect(kept.rows[0].n).toBeLessThanOrEqual(4)
  })

  it("fails as PGlite's query does: the SQLSTATE and the statement on the error", async () => {
    const id = "00000000-0000-4000-8000-000000000002"
    await statements.rows(insert, values(id, "one"))
    const duplicate = await statements.rows(insert, values(id, "two")).catch((e: unknown) => e)
    expect(duplicate).toMatchObject({ code: "23505", query: insert })
    const badUuid = await statements.rows("SELECT * FROM kinds WHERE id = $1", ["nope"]).catch((e) => e)
    expect(badUuid).toMatchObject({ code: "22P02" })
    const unknown = await statements.rows("SELECT nothing FROM kinds", []).catch((e: unknown) => e)
    expect(unknown).toMatchObject({ code: "42703" })
    // The connection is usable afterwards, in and out of a transaction.
    await db.exec("BEGIN")
    expect(await statements.rows("SELECT count(*)::int AS n FROM kinds WHERE ok = $1", [true])).toEqual([
      { n: 2 },
    ])
    await db.exec("ROLLBACK")
  })

  it("runs other statements through PGlite's query, and plans for each call's values", async () => {
    expect(await statements.rows("SHOW plan_cache_mode", [])).toEqual([
      { plan_cache_mode: "force_custom_plan" },
    ])
  })
})
