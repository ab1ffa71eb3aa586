import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { rights as allRights, initialDefaultRights } from "../../src/schema/rights"
import type { Address } from "../../src/schema/user"
import type { UserRow } from "../auth/users"
import { Users } from "../auth/users"
import { textArray } from "../db/columns"
import { decodeSingle, IdRow } from "../db/decode"

const address = (street: string, postalCode: string, city: string): Address =>
  ({ street, complement: null, postalCode, city, country: "France" }) as Address

/**
 * The demo CUMA and the demo person's farm: the neighbours are CUMA members with the default
 * rights (one an employee), another neighbour waits for an answer to a request to join, and the
 * CUMA has three machines, one of them shared with a member through a grant.
 */
export const seedStructures = (demo: UserRow, others: ReadonlyArray<UserRow>, passwordHash: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const users = yield* Users
    const insertCluster = (name: string, type: string, kind: string, description: string, at: Address) =>
      sql`INSERT INTO clusters (name, type, kind, description, address, default_rights)
        VALUES (${name}, ${type}, ${kind}, ${description}, ${JSON.stringify({ ...at })}::jsonb,
                ${textArray(initialDefaultRights)}::text[])
        RETURNING id`.pipe(
        decodeSingle(IdRow),
        Effect.map((row) => row.id),
      )
    const join = (clusterId: string, userId: string, role: string, rights: ReadonlyArray<string>) =>
      sql`INSERT INTO memberships (cluster_id, user_id, role, rights)
        VALUES (${clusterId}, ${userId}, ${role}, ${textArray(rights)}::text[])`

    const cuma = yield* insertCluster(
      "CUMA de la Vallée",
      "sharing",
      "cuma",
      "Matériel partagé entre les exploitations de la vallée du Loir.",
      address("5 rue de la Coopérative", "28120", "Illiers-Combray"),
    )
    const earl = yield* insertCluster(
      "EARL des Sillons",
      "enterprise",
      "farm",
      "Grandes cultures : blé, colza, orge.",
      address("12 route de la Plaine", "28000", "Chartres"),
    )
    yield* join(cuma, demo.id, "member", allRights)
    yield* join(earl, demo.id, "member", allRights)
    for (const [i, person] of others.entries())
      yield* join(cuma, person.id, i === others.length - 1 ? "employee" : "member", initialDefaultRights)

    const applicant = yield* users.create({
      email: "sophie.laurent@sillon.test",
      passwordHash,
      firstname: "Sophie",
      lastname: "Laurent",
      address: address("8 chemin des Prés", "28190", "Courville-sur-Eure"),
    })
    if (applicant) {
      yield* users.verifyEmail(applicant.id)
      const request = yield* sql`INSERT INTO membership_requests (cluster_id, user_id, role)
        VALUES (${cuma}, ${applicant.id}, 'member') RETURNING id`.pipe(decodeSingle(IdRow))
      yield* sql`INSERT INTO notifications (user_id, kind, cluster_id, actor_id, request_id)
        VALUES (${demo.id}, 'membershipRequested', ${cuma}, ${applicant.id}, ${request.id})`
    }

    const machines: Array<string> = []
    for (const name of [
      "Tracteur John Deere 6155R",
      "Moissonneuse Claas Lexion 760",
      "Semoir Kuhn Espro 3000",
    ]) {
      const row = yield* sql`INSERT INTO machines (cluster_id, name) VALUES (${cuma}, ${name})
        RETURNING id`.pipe(decodeSingle(IdRow))
      machines.push(row.id)
    }
    // Paul Martin books and follows the combine harvester.
    if (others[0])
      yield* sql`INSERT INTO machine_grants (machine_id, user_id, grants)
        VALUES (${machines[1]}, ${others[0].id}, ${textArray(["realTimeView", "booking"])}::text[])`
    return { cuma, earl, machines }
  }).pipe(Effect.orDie)
