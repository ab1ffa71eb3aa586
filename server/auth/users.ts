import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { MeEdit } from "../../src/schema/user"
import { decodeAll, decodeFirst } from "../db/decode"
import { partialFake } from "../lib/fake"
import { addressJson, type NewUser, toDelegatedUser, UserRow } from "./userRows"

export { type NewUser, toMe, type UserRow } from "./userRows"

/** User accounts. SQL faults are defects (500), never typed failures. */
export class Users extends Effect.Service<Users>()("Users", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const user = decodeFirst(UserRow)
    // Spans made once, here: a span made per call captures a stack trace each time (GET /me is hot).
    const span = {
      byEmail: Effect.withSpan("Users.byEmail"),
      byId: Effect.withSpan("Users.byId"),
      create: Effect.withSpan("Users.create"),
      update: Effect.withSpan("Users.update"),
      setPassword: Effect.withSpan("Users.setPassword"),
      finalise: Effect.withSpan("Users.finalise"),
      verifyEmail: Effect.withSpan("Users.verifyEmail"),
      delegatedUsers: Effect.withSpan("Users.delegatedUsers"),
    }
    const done =
      (traced: <A, E, R>(self: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>) =>
      (statement: Effect.Effect<unknown, unknown>) =>
        statement.pipe(Effect.asVoid, Effect.orDie, traced)
    return {
      byEmail: (email: string) => sql`SELECT * FROM users WHERE email = ${email}`.pipe(user, span.byEmail),
      byId: (id: string) => sql`SELECT * FROM users WHERE id = ${id}`.pipe(user, span.byId),
      /** undefined when the e-mail is already taken. */
      create: (u: NewUser) =>
        sql`INSERT INTO users (email, password_hash, firstname, lastname, name, phone, mobile, address, language)
          VALUES (${u.email}, ${u.passwordHash}, ${u.firstname}, ${u.lastname}, ${u.name ?? null}, ${u.phone ?? null},
                  ${u.mobile ?? null}, ${addressJson(u.address)}::jsonb, ${u.language ?? "fr"})
          ON CONFLICT (email) DO NOTHING RETURNING *`.pipe(user, span.create),
      update: (id: string, e: MeEdit) =>
        sql`UPDATE users SET
            firstname = COALESCE(${e.firstname ?? null}, firstname),
            lastname = COALESCE(${e.lastname ?? null}, lastname),
            name = CASE WHEN ${e.name !== undefined} THEN ${e.name ?? null} ELSE name END,
            phone = CASE WHEN ${e.phone !== undefined} THEN ${e.phone ?? null} ELSE phone END,
            mobile = CASE WHEN ${e.mobile !== undefined} THEN ${e.mobile ?? null} ELSE mobile END,
            address = COALESCE(${addressJson(e.address)}::jsonb, address),
            language = COALESCE(${e.language ?? null}, language)
          WHERE id = ${id} RETURNING *`.pipe(user, span.update),
      /**
       * A password reset: also finalises an unconfigured account, and marks the e-mail proven (the
       * reset link was mailed to it).
       */
      setPassword: (id: string, passwordHash: string) =>
        sql`UPDATE users SET password_hash = ${passwordHash}, status = 'finalised',
            email_verified_at = coalesce(email_verified_at, now())
          WHERE id = ${id}`.pipe(done(span.setPassword)),
      /**
       * Names and password for an unconfigured account, now finalised (its e-mail proven: the link was
       * mailed to it); false when it was not unconfigured.
       */
      finalise: (
        id: string,
        names: { readonly firstname: string; readonly lastname: string },
        passwordHash: string,
      ) =>
        sql`UPDATE users SET firstname = ${names.firstname}, lastname = ${names.lastname},
            password_hash = ${passwordHash}, status = 'finalised',
            email_verified_at = coalesce(email_verified_at, now())
          WHERE id = ${id} AND status = 'unconfigured' RETURNING id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
          span.finalise,
        ),
      /**
       * Someone signed in to the account entered the code mailed to its address: the sign-up was
       * theirs, so its password and sessions stand.
       */
      verifyEmail: (id: string) =>
        sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = ${id}`.pipe(
          done(span.verifyEmail),
        ),
      delegatedUsers: (id: string) =>
        sql`SELECT u.* FROM delegations d JOIN users u ON u.id = d.delegate_id
          WHERE d.user_id = ${id} ORDER BY lower(u.lastname), lower(u.firstname)`.pipe(
          decodeAll(UserRow),
          Effect.map((rows) => rows.map(toDelegatedUser)),
          span.delegatedUsers,
        ),
    }
  }),
}) {
  /** A test layer: the members given, any other dies when called. */
  static readonly Test = (members: Partial<Users>) => partialFake(Users, members)
}
