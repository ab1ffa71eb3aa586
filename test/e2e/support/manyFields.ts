import { cp, mkdtemp } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { generatedFields } from "../../../scripts/bench/fieldsScale"
import { makeWebApp } from "../../../server/app"
import { hashPassword } from "../../../server/auth/passwords"
import { Users } from "../../../server/auth/users"
import { configFromEnv } from "../../../server/config"
import { pgliteDir } from "../../../server/db/client"
import { textArray } from "../../../server/db/columns"
import { ensureTemplate } from "../../../server/test/databases"
import { rights } from "../../../src/schema/rights"
import { anAddress, newPerson, type Person } from "./people"

/**
 * A data folder for `startServer(env, dataDir)`, made before the server opens it (its embedded
 * database takes one process at a time): a CUMA whose `farms` member farms own `count` fields laid
 * out as farms lay them (blocks of strips north of Châteaudun, as the scale bench makes them,
 * bulk-inserted in SQL), and a person, member with every right, who sees them all and signs in
 * with a password.
 */
export const dataWithManyFields = async (
  count: number,
  farms = 12,
): Promise<{ dataDir: string; person: Person }> => {
  const dataDir = await mkdtemp(join(tmpdir(), "sillon-e2e-many-"))
  await cp(pgliteDir(await ensureTemplate()), pgliteDir(dataDir), { recursive: true })
  const person = newPerson("beauce")
  const config = { ...configFromEnv({}), dataDir, databaseUrl: undefined, seedDemo: false, port: 0 }
  const app = await makeWebApp(config)
  try {
    await app.runtime.runPromise(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const users = yield* Users
        const viewer = yield* users.create({
          email: person.email,
          passwordHash: yield* hashPassword(person.password),
          firstname: person.firstname,
          lastname: person.lastname,
          address: { ...anAddress, complement: null } as never,
        })
        if (!viewer) return yield* Effect.die("no person")
        const [cuma] = yield* sql<{
          id: string
        }>`INSERT INTO clusters (name, type, kind, description, address, default_rights)
          VALUES ('CUMA de la Beauce', 'sharing', 'cuma', 'Matériel partagé en Beauce.',
                  ${JSON.stringify(anAddress)}::jsonb, ${textArray(rights)}::text[])
          RETURNING id`
        if (!cuma) return yield* Effect.die("no CUMA")
        yield* sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
          VALUES (${cuma.id}, ${viewer.id}, 'member', ${textArray(rights)}::text[])`
        const owners: Array<string> = []
        for (let i = 0; i < farms; i++) {
          const farm = yield* users.create({
            email: `ferme-${i + 1}-${person.email}`,
            passwordHash: null,
            firstname: `Exploitant ${i + 1}`,
            lastname: "Beauceron",
          })
          if (!farm) return yield* Effect.die("no farm")
          owners.push(farm.id)
          yield* sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
            VALUES (${cuma.id}, ${farm.id}, 'member', ARRAY['seeMachines']::text[])`
        }
        const fields = generatedFields(count, owners.length).map((f) => ({ ...f, owner: owners[f.owner] }))
        for (let start = 0; start < fields.length; start += 5000)
          yield* sql`WITH r AS (
              SELECT r.name, r.owner, r.crop, ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(r.geometry), 4326)) AS g
              FROM jsonb_to_recordset(${JSON.stringify(fields.slice(start, start + 5000))}::jsonb)
                AS r(name text, owner uuid, crop text, geometry jsonb)
            ), inserted AS (
              INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, crop, source, created_by)
              SELECT gen_random_uuid(), r.owner, DATE '2024-01-01', r.name, r.g, field_area_ha(r.g), r.crop, 'drawn', r.owner
              FROM r RETURNING id, owner_id, owned_since
            )
            INSERT INTO field_owners (field_id, owner_id, since) SELECT id, owner_id, owned_since FROM inserted`
      }),
    )
  } finally {
    await app.dispose()
  }
  return { dataDir, person }
}
