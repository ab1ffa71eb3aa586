import type { Me } from "./user"

/**
 * A profile is complete when it has an address with a city (SPEC §2: otherwise forced to /me)
 * and a first and last name (an invited account finalised through a password reset has none).
 */
export const isProfileComplete = (me: Pick<Me, "address" | "firstname" | "lastname">): boolean =>
  me.address !== null &&
  me.address.city.trim() !== "" &&
  me.firstname.trim() !== "" &&
  me.lastname.trim() !== ""
