import { DateTime } from "effect"
import {
  Activity,
  ActivityCorrectionChoices,
  ActivityDetail,
  ActivityList,
  type ActivityPerson,
} from "../../schema/activity"
import { activityTotals } from "../../schema/activityTotals"
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

/** What the sample activity may be corrected to: two fields, its people, an implement. */
export const correctionChoices = new ActivityCorrectionChoices({
  fields: [
    {
      id: FieldId.make("00000000-0000-4000-8000-0000000000b1"),
      name: "Les Grands Champs",
      owner: anne,
      areaHa: 7.2,
    },
    { id: FieldId.make("00000000-0000-4000-8000-0000000000b2"), name: "La Noue", owner: paul, areaHa: 3.1 },
  ],
  drivers: [anne, paul],
  implements: [
    { id: MachineId.make("00000000-0000-4000-8000-0000000000a2"), name: "Herse 6 m", toolWidthM: 6 },
  ],
})

/** A page of the list of activities with the totals of these. */
export const aList = (activities: ReadonlyArray<Activity>) =>
  new ActivityList({ activities, page: 1, limit: 100, totals: activityTotals(activities) })

/** What the list's filters offer in the samples. */
export const listChoices = {
  structures: [{ id: activitiesCluster, label: "CUMA des Prés" }],
  machines: [{ id: activitiesMachine, label: "Tracteur 1", cluster: activitiesCluster }],
  fields: [{ id: FieldId.make("00000000-0000-4000-8000-0000000000b1"), label: "Les Grands Champs" }],
  people: [
    { id: anne.id, label: "Martin Anne" },
    { id: paul.id, label: "GAEC du Moulin - (Leroy Paul)" },
  ],
  productTypes: [{ id: slurry.id, label: "Lisier" }],
}

/** An activity's page: a short trace along a field, a 3 m tool, correctable, one correction. */
export const aDetail = (activity: Activity) =>
  new ActivityDetail({
    activity,
    points: [0, 1, 2, 3].map((i) => ({
      at: DateTime.unsafeMake(activity.start.epochMillis + i * 10_000),
      lng: 2.35 + i * 0.0002,
      lat: 48.85,
      speed: 8,
      state: i === 0 ? ("road" as const) : ("fieldWork" as const),
      field: null,
    })),
    toolWidthM: 3,
    mayEdit: true,
    history: activity.edited
      ? [{ at: activity.end, by: paul, change: { field: "member" as const, from: null, to: anne } }]
      : [],
    mayDispute: false,
    disputes: [],
    mayConfirm: true,
    confirmations: [],
    previous: null,
    next: null,
  })
