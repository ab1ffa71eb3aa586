import type { Locales } from "../../i18n/locale"
import type { ProfileEvent } from "../../machines/account/profile"
import type { Me } from "../../schema/user"

/** What the form holds: every field as typed text. */
export interface ProfileValues {
  firstname: string
  lastname: string
  name: string
  phone: string
  mobile: string
  street: string
  complement: string
  postalCode: string
  city: string
  country: string
  language: Locales
}

/**
 * The language field starts on the language the person is reading: saving then never switches
 * the screen to a language they did not pick (a new account carries the server's default).
 */
export const valuesOf = (me: Me, shown: Locales): ProfileValues => ({
  firstname: me.firstname,
  lastname: me.lastname,
  name: me.name ?? "",
  phone: me.phone ?? "",
  mobile: me.mobile ?? "",
  street: me.address?.street ?? "",
  complement: me.address?.complement ?? "",
  postalCode: me.address?.postalCode ?? "",
  city: me.address?.city ?? "",
  country: me.address?.country ?? "",
  language: shown,
})

const orNull = (text: string): string | null => (text.trim() === "" ? null : text)

/** The `profile.save` payload: optional texts left empty are sent as null. */
export const toEdit = (v: ProfileValues): ProfileEvent["edit"] => ({
  firstname: v.firstname,
  lastname: v.lastname,
  name: orNull(v.name),
  phone: orNull(v.phone),
  mobile: orNull(v.mobile),
  address: {
    street: v.street,
    complement: orNull(v.complement),
    postalCode: v.postalCode,
    city: v.city,
    country: v.country,
  },
  language: v.language,
})
