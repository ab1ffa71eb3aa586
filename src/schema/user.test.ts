import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { UserId } from "./ids"
import { byUserName } from "./membership"
import { Address, isProfileComplete, Me, userLabel } from "./user"

const address = new Address({
  street: "1 rue Haute",
  complement: null,
  postalCode: "28000",
  city: "Chartres",
  country: "France",
})
const me = (fields: Partial<Me> = {}) =>
  new Me({
    id: UserId.make("00000000-0000-4000-8000-000000000001"),
    email: "anne@example.org",
    firstname: "Anne",
    lastname: "Martin",
    name: null,
    phone: null,
    mobile: null,
    address,
    language: "fr",
    ...fields,
  })

describe("a profile", () => {
  it("is sent as its JSON: encoding it changes nothing (GET /me answers it without the encoder)", () => {
    for (const profile of [
      me({ name: "EARL Martin", phone: "02 37 00 00 00", mobile: "06 00 00 00 00", emailConfirmed: false }),
      me({ address: null, language: "pl" }),
    ])
      expect(JSON.parse(JSON.stringify(profile))).toEqual(Schema.encodeSync(Me)(profile))
  })

  it("is complete with names and an address with a city", () => {
    expect(isProfileComplete(me())).toBe(true)
  })
  it("is incomplete without an address, without a city, or without names (an invited account finalised by a reset)", () => {
    expect(isProfileComplete(me({ address: null }))).toBe(false)
    expect(
      isProfileComplete(me({ address: new Address({ ...address, city: " " }, { disableValidation: true }) })),
    ).toBe(false)
    expect(isProfileComplete(me({ firstname: "" }))).toBe(false)
    expect(isProfileComplete(me({ lastname: " " }))).toBe(false)
  })
})

describe("users as people read them", () => {
  it("are labelled 'name - (lastname firstname)' when a name exists, else 'lastname firstname'", () => {
    expect(userLabel({ name: "Jo", firstname: "Jean", lastname: "Moreau" })).toBe("Jo - (Moreau Jean)")
    expect(userLabel({ name: null, firstname: "Jean", lastname: "Moreau" })).toBe("Moreau Jean")
  })
  it("are sorted by that label, ignoring case and accents", () => {
    const people = [
      { name: null, firstname: "Zoé", lastname: "martin" },
      { name: null, firstname: "Anne", lastname: "Émery" },
      { name: "bob", firstname: "Robert", lastname: "Vidal" },
      { name: null, firstname: "Luc", lastname: "Durand" },
    ]
    expect([...people].sort(byUserName).map(userLabel)).toEqual([
      "bob - (Vidal Robert)",
      "Durand Luc",
      "Émery Anne",
      "martin Zoé",
    ])
  })
})
