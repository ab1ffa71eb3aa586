import { DateTime } from "effect"
import {
  Booking,
  type BookingAbilities,
  type BookingFieldOption,
  type BookingStatus,
} from "../schema/booking"
import { FilterEntry } from "../schema/catalogue"
import { BookingId, ClusterId, FieldId, FilterEntryId, MachineId, UserId } from "../schema/ids"
import { MachineSummary } from "../schema/machine"
import { Member, UserSummary } from "../schema/membership"
import type { Right } from "../schema/rights"
import { sampleCluster } from "./clusters"

/** Sample booking data for the booking charts' paths and the booking screens' tests. */
export const at = (iso: string) => DateTime.unsafeMake(iso)
export const prés = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c1"), name: "CUMA des Prés" }
export const vals = { id: ClusterId.make("00000000-0000-4000-8000-0000000000c2"), name: "GAEC du Val" }
/** The signed-in person of the screens' tests (test-utils' aUser). */
export const meId = UserId.make("6f1c2b1e-4a7d-4c1e-9d55-0a9e3f1b2c3d")
export const bookingId = BookingId.make("00000000-0000-4000-8000-0000000000d1")

export const aStructure = (
  ref: { id: ClusterId; name: string },
  myRights: ReadonlyArray<Right> = ["bookMachine"],
) => sampleCluster(ref, ["seeMachines", ...myRights])

export const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur 1",
  cluster: prés,
})
export const sprayer = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a2"),
  name: "Pulvérisateur",
  cluster: prés,
})
export const baler = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a3"),
  name: "Presse",
  cluster: vals,
})
const person = (id: string, firstname: string, lastname: string) =>
  new UserSummary({
    id: UserId.make(id),
    email: `${firstname.toLowerCase()}@ferme.fr`,
    firstname,
    lastname,
    name: null,
  })
export const jean = new Member({
  user: person("00000000-0000-4000-8000-0000000000b1", "Jean", "Dupont"),
  role: "employee",
  rights: [],
  joinedAt: at("2026-01-05T08:00:00Z"),
})
export const jeanne = new Member({
  user: person(meId, "Jeanne", "Moreau"),
  role: "member",
  rights: [],
  joinedAt: at("2026-01-05T08:00:00Z"),
})

/** A field the sample booking names. */
export const bookedField = {
  id: FieldId.make("00000000-0000-4000-8000-00000000f001"),
  name: "Les Grands Prés",
  areaHa: 4.2351,
}

/** The same field as the booking form offers it. */
export const fieldOption: BookingFieldOption = {
  ...bookedField,
  crop: "BTH",
  owner: { id: meId, firstname: "Jeanne", lastname: "Moreau", name: null },
  geometry: {
    type: "Polygon",
    coordinates: [
      [
        [1.24, 48.3],
        [1.243, 48.3],
        [1.243, 48.302],
        [1.24, 48.302],
        [1.24, 48.3],
      ],
    ],
  },
}

const all: BookingAbilities = { accept: true, refuse: true, edit: true, cancel: true, seeUse: false }
const none: BookingAbilities = { accept: false, refuse: false, edit: false, cancel: false, seeUse: false }
/** What the server lets do by status, for a person who may accept it. */
export const canFor = (status: BookingStatus): BookingAbilities =>
  status === "requested" ? all : status === "accepted" ? { ...none, edit: true, cancel: true } : none

export const aBooking = (status: BookingStatus, can: BookingAbilities = canFor(status)) => {
  const machine = { kind: "machine" as const, id: tractor.id, name: tractor.name }
  const employee = { kind: "employee" as const, id: jean.user.id, name: "Jean Dupont" }
  const me = { id: meId, firstname: "Jeanne", lastname: "Moreau", name: null }
  return new Booking({
    id: bookingId,
    cluster: prés,
    resources: [machine, employee],
    fields: [bookedField],
    machine,
    user: me,
    requestedBy: me,
    start_date: at("2026-06-02T08:00:00Z"),
    end_date: at("2026-06-02T12:00:00Z"),
    comments: "Parcelle du haut",
    location: { label: "Les Grands Champs", point: null },
    geometry: null,
    status,
    accepted: status === "accepted",
    decidedBy:
      status === "accepted" || status === "refused"
        ? { firstname: "Paul", lastname: "Martin", name: null }
        : null,
    createdAt: at("2026-05-30T08:00:00Z"),
    updatedAt: at("2026-05-30T08:00:00Z"),
    can,
  })
}

const named = (fr: string, en: string) => ({
  default: fr,
  texts: [
    { lang: "fr", text: fr },
    { lang: "en", text: en },
  ],
})
/** Two product types of the catalogue. */
export const slurry = new FilterEntry({
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000f1"),
  type: "productType",
  name: named("Lisier", "Slurry"),
})
export const cerealSeed = new FilterEntry({
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000f2"),
  type: "productType",
  name: named("Semences de céréales", "Cereal seed"),
})

export const formData = {
  id: bookingId,
  clusters: [aStructure(prés), aStructure(vals)],
  machines: [tractor, sprayer, baler],
  booking: null,
  productTypes: [slurry, cerealSeed],
}
