import { DateTime } from "effect"
import { Activity, type ActivityPerson } from "../../schema/activity"
import { ActivityId, ClusterId, FieldId, FilterEntryId, MachineId, UserId } from "../../schema/ids"
import { MachineSummary } from "../../schema/machine"
import { Member, UserSummary } from "../../schema/membership"

/** Sample activities and choices for the activities charts' paths and the tab's tests. */
export const activitiesCluster = ClusterId.make("00000000-0000-4000-8000-0000000000c1")
export const activitiesMachine = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const tractor = new MachineSummary({
  id: activitiesMachine,
  name: "Tracteur 1",
  cluster: { id: activitiesCluster, name: "CUMA des Prés" },
})
export const anne: ActivityPerson = {
  id: UserId.make("00000000-0000-4000-8000-000000000011"),
  firstname: "Anne",
  lastname: "Martin",
  name: null,
}
export const paul: ActivityPerson = {
  id: UserId.make("00000000-0000-4000-8000-000000000012"),
  firstname: "Paul",
  lastname: "Leroy",
  name: "GAEC du Moulin",
}
export const slurry = {
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000f1"),
  name: { default: "Slurry", texts: [{ lang: "fr", text: "Lisier" }] },
}

/** An activity of the sample tractor on `start` (an ISO instant) lasting `hours`. */
export const anActivity = (n: number, start: string, hours: number, overrides: Partial<Activity> = {}) =>
  new Activity({
    id: ActivityId.make(`00000000-0000-4000-8000-${String(n).padStart(12, "0")}`),
    machine: tractor,
    start: DateTime.unsafeMake(start),
    end: DateTime.unsafeMake(Date.parse(start) + hours * 3_600_000),
    durationSeconds: hours * 3600,
    roadDistanceM: 4200,
    workDistanceM: 18_350,
    pauseSeconds: 1500,
    pauseCount: 2,
    areaHa: 5.4321,
    areaWithOverlapHa: 5.9,
    fuelLitres: 38.4,
    fuelSource: "rate",
    maxSpeedKmh: 31.6,
    productType: null,
    fieldCount: 1,
    fields: [
      {
        id: FieldId.make("00000000-0000-4000-8000-0000000000b1"),
        name: "Les Grands Champs",
        workSeconds: hours * 3000,
        areaHa: 5.4321,
      },
    ],
    unknownFieldSeconds: 0,
    member: anne,
    attribution: "field",
    drivers: [paul],
    auxiliaries: [],
    seconds: { fieldWork: hours * 3000, turn: 0, road: hours * 300, pause: 300, idle: 0 },
    provisional: false,
    edited: false,
    differsFromEdit: false,
    ...overrides,
  })

const memberOf = (person: ActivityPerson, email: string) =>
  new Member({
    user: new UserSummary({ ...person, email }),
    role: "member",
    rights: [],
    joinedAt: DateTime.unsafeMake("2025-01-06T09:00:00.000Z"),
  })
export const members = [memberOf(anne, "anne@example.org"), memberOf(paul, "paul@example.org")]
