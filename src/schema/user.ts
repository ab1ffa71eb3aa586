import { Schema } from "effect"
import { UserId } from "./ids"
import { Email, Required } from "./validation"

export const Locale = Schema.Literal("fr", "en", "pl", "de")
export type Locale = typeof Locale.Type
export const locales: ReadonlyArray<Locale> = ["fr", "en", "pl", "de"]

export class Address extends Schema.Class<Address>("Address")({
  street: Required.annotations({ description: "number and street" }),
  complement: Schema.NullOr(Schema.String.pipe(Schema.maxLength(200))),
  postalCode: Required,
  city: Required,
  country: Required,
}) {}

export class Me extends Schema.Class<Me>("Me")({
  id: UserId,
  email: Schema.String,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  mobile: Schema.NullOr(Schema.String),
  address: Schema.NullOr(Address),
  language: Locale,
  /**
   * The owner proved the address (a code mailed to it): until then nothing is granted on the
   * strength of it (invitations, administration). Built objects default to confirmed.
   */
  emailConfirmed: Schema.propertySignature(Schema.Boolean).pipe(Schema.withConstructorDefault(() => true)),
}) {}

// Apart, without Effect: the session chart, loaded before the ApiClient, asks it of the profile.
export { isProfileComplete } from "./profile"

const optionalText = Schema.optional(Schema.NullOr(Schema.String.pipe(Schema.maxLength(200))))

export const MeEdit = Schema.Struct({
  firstname: Schema.optional(Required),
  lastname: Schema.optional(Required),
  name: optionalText,
  phone: optionalText,
  mobile: optionalText,
  address: Schema.optional(Address),
  language: Schema.optional(Locale),
})
export type MeEdit = typeof MeEdit.Type

export class DelegatedUser extends Schema.Class<DelegatedUser>("DelegatedUser")({
  id: UserId,
  email: Email,
  firstname: Schema.String,
  lastname: Schema.String,
  name: Schema.NullOr(Schema.String),
}) {}

/** SPEC §9: 'name - (lastname firstname)' when a name exists. */
export const userLabel = (u: { name: string | null; firstname: string; lastname: string }): string =>
  u.name ? `${u.name} - (${u.lastname} ${u.firstname})` : `${u.lastname} ${u.firstname}`
