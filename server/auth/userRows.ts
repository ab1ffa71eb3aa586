import { Schema } from "effect"
import { UserId } from "../../src/schema/ids"
import { AccountStatus, UserSummary } from "../../src/schema/membership"
import { Address, DelegatedUser, Locale, Me } from "../../src/schema/user"
import { DateColumn, JsonColumn } from "../db/columns"

const Text = Schema.NullOr(Schema.String)

/** A row of `users` (`SELECT *`; the columns the server reads). */
export const UserRow = Schema.Struct({
  id: UserId,
  email: Schema.String,
  password_hash: Text,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Text,
  phone: Text,
  mobile: Text,
  address: Schema.NullOr(JsonColumn(Address)),
  language: Locale,
  /** SPEC §4: an invited e-mail is an `unconfigured` account (no password, empty names) until finalised. */
  status: AccountStatus,
  /** When the owner first proved the address (something mailed to it was used); null until then. */
  email_verified_at: Schema.NullOr(DateColumn),
})
export type UserRow = typeof UserRow.Type

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

// Built from a row decoded through `UserRow`, whose columns have the same schemas as these
// fields: checking them again (the default of `new`) cost more than the rest of GET /me.
const checked = { disableValidation: true }

export const toMe = (row: UserRow): Me =>
  new Me(
    {
      id: row.id,
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      name: row.name,
      phone: row.phone,
      mobile: row.mobile,
      address: row.address,
      language: row.language,
      emailConfirmed: row.email_verified_at !== null,
    },
    checked,
  )

export const toDelegatedUser = (r: UserRow) =>
  new DelegatedUser({ id: r.id, email: r.email, firstname: r.firstname, lastname: r.lastname, name: r.name })

export const addressJson = (a: Address | null | undefined) => (a == null ? null : JSON.stringify({ ...a }))

/** A person as other members see them (`UserSummary`), selected as u.id, u.email, u.firstname, u.lastname, u.name. */
export const UserSummaryColumns = {
  id: UserId,
  email: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Text,
}

export const toUserSummary = (r: Schema.Struct.Type<typeof UserSummaryColumns>) =>
  new UserSummary({ id: r.id, email: r.email, firstname: r.firstname, lastname: r.lastname, name: r.name })
