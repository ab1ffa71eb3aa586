import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { UserId } from "../../src/schema/ids"
import type { AccountStatus } from "../../src/schema/membership"
import { Address, DelegatedUser, type Locale, Me, type MeEdit } from "../../src/schema/user"

export interface UserRow {
  readonly id: string
  readonly email: string
  readonly password_hash: string | null
  readonly firstname: string
  readonly lastname: string
  readonly name: string | null
  readonly phone: string | null
  readonly mobile: string | null
  readonly address: unknown
  readonly language: Locale
  /** SPEC §4: an invited e-mail is an `unconfigured` account (no password, empty names) until finalised. */
  readonly status: AccountStatus
  /** When the owner first proved the address (something mailed to it was used); null until then. */
  readonly email_verified_at: Date | string | null
}

export interface NewUser {
  readonly email: string
  readonly passwordHash: string | null
  readonly firstname: string
  readonly lastname: string
  readonly name?: string | null
  readonly phone?: string | null
  readonly mobile?: string | null
  readonly address?: Address | null
  readonly language?: Locale
}

const parseJson = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)

export const toMe = (row: UserRow): Me =>
  new Me({
    id: UserId.make(row.id),
    email: row.email,
    firstname: row.firstname,
    lastname: row.lastname,
    name: row.name,
    phone: row.phone,
    mobile: row.mobile,
    address: row.address == null ? null : new Address(parseJson(row.address) as Address),
    language: row.language,
    emailConfirmed: row.email_verified_at !== null,
  })

const addressJson = (a: Address | null | undefined) => (a == null ? null : JSON.stringify({ ...a }))

/** User accounts. SQL faults are defects (500), never typed failures. */
export class Users extends Context.Tag("Users")<
  Users,
  {
    readonly byEmail: (email: string) => Effect.Effect<UserRow | undefined>
    readonly byId: (id: string) => Effect.Effect<UserRow | undefined>
    /** undefined when the e-mail is already taken. */
    readonly create: (user: NewUser) => Effect.Effect<UserRow | undefined>
    readonly update: (id: string, edit: MeEdit) => Effect.Effect<UserRow | undefined>
    /**
     * A password reset: also finalises an unconfigured account, and marks the e-mail proven (the
     * reset link was mailed to it).
     */
    readonly setPassword: (id: string, passwordHash: string) => Effect.Effect<void>
    /**
     * Names and password for an unconfigured account, now finalised (its e-mail proven: the link was
     * mailed to it); false when it was not unconfigured.
     */
    readonly finalise: (
      id: string,
      names: { readonly firstname: string; readonly lastname: string },
      passwordHash: string,
    ) => Effect.Effect<boolean>
    /**
     * Someone signed in to the account entered the code mailed to its address: the sign-up was
     * theirs, so its password and sessions stand.
     */
    readonly verifyEmail: (id: string) => Effect.Effect<void>
    readonly delegatedUsers: (id: string) => Effect.Effect<ReadonlyArray<DelegatedUser>>
  }
>() {}

export const UsersLive = Layer.effect(
  Users,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const one = <A>(rows: ReadonlyArray<A>) => rows[0]
    return {
      byEmail: (email) =>
        sql<UserRow>`SELECT * FROM users WHERE email = ${email}`.pipe(Effect.map(one), Effect.orDie),
      byId: (id) => sql<UserRow>`SELECT * FROM users WHERE id = ${id}`.pipe(Effect.map(one), Effect.orDie),
      create: (u) =>
        sql<UserRow>`INSERT INTO users (email, password_hash, firstname, lastname, name, phone, mobile, address, language)
          VALUES (${u.email}, ${u.passwordHash}, ${u.firstname}, ${u.lastname}, ${u.name ?? null}, ${u.phone ?? null},
                  ${u.mobile ?? null}, ${addressJson(u.address)}::jsonb, ${u.language ?? "fr"})
          ON CONFLICT (email) DO NOTHING RETURNING *`.pipe(Effect.map(one), Effect.orDie),
      update: (id, e) =>
        sql<UserRow>`UPDATE users SET
            firstname = COALESCE(${e.firstname ?? null}, firstname),
            lastname = COALESCE(${e.lastname ?? null}, lastname),
            name = CASE WHEN ${e.name !== undefined} THEN ${e.name ?? null} ELSE name END,
            phone = CASE WHEN ${e.phone !== undefined} THEN ${e.phone ?? null} ELSE phone END,
            mobile = CASE WHEN ${e.mobile !== undefined} THEN ${e.mobile ?? null} ELSE mobile END,
            address = COALESCE(${addressJson(e.address)}::jsonb, address),
            language = COALESCE(${e.language ?? null}, language)
          WHERE id = ${id} RETURNING *`.pipe(Effect.map(one), Effect.orDie),
      setPassword: (id, passwordHash) =>
        sql`UPDATE users SET password_hash = ${passwordHash}, status = 'finalised',
            email_verified_at = coalesce(email_verified_at, now())
          WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      finalise: (id, names, passwordHash) =>
        sql`UPDATE users SET firstname = ${names.firstname}, lastname = ${names.lastname},
            password_hash = ${passwordHash}, status = 'finalised',
            email_verified_at = coalesce(email_verified_at, now())
          WHERE id = ${id} AND status = 'unconfigured' RETURNING id`.pipe(
          Effect.map((rows) => rows.length > 0),
          Effect.orDie,
        ),
      verifyEmail: (id) =>
        sql`UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = ${id}`.pipe(
          Effect.asVoid,
          Effect.orDie,
        ),
      delegatedUsers: (id) =>
        sql<UserRow>`SELECT u.* FROM delegations d JOIN users u ON u.id = d.delegate_id
          WHERE d.user_id = ${id} ORDER BY lower(u.lastname), lower(u.firstname)`.pipe(
          Effect.map((rows) =>
            rows.map(
              (r) =>
                new DelegatedUser({
                  id: UserId.make(r.id),
                  email: r.email,
                  firstname: r.firstname,
                  lastname: r.lastname,
                  name: r.name,
                }),
            ),
          ),
          Effect.orDie,
        ),
    }
  }),
)
