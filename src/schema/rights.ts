import { Schema } from "effect"

/**
 * SPEC §6: the 19 member rights in a structure, in the order the specification lists them (the
 * order the rights screen shows). Each member holds a set; new members get the structure's
 * default set, copied when they join (changing the defaults later leaves members as they are).
 */
export const rights = [
  "editCluster",
  "deleteCluster",
  "addMember",
  "removeMember",
  "validateMembership",
  "seeMachines",
  "createMachine",
  "editMachine",
  "deleteMachine",
  "manageMachine",
  "bookMachine",
  "acceptMachineBooking",
  "seeEmployees",
  "bookEmployee",
  "validateEmployeeBooking",
  "bookEmployeeForOther",
  "editEmployeeBooking",
  "seeEmployeeActivities",
  "editCounters",
] as const

export const Right = Schema.Literal(...rights)
export type Right = typeof Right.Type

/** A set of rights: duplicates dropped and put in the specification's order on decode. */
export const RightSet = Schema.transform(Schema.Array(Right), Schema.Array(Right), {
  strict: true,
  decode: (list) => rights.filter((r) => list.includes(r)),
  encode: (list) => list,
})
export type RightSet = typeof RightSet.Type

/** The rights a new structure gives its new members until someone changes the defaults. */
export const initialDefaultRights: RightSet = ["seeMachines", "bookMachine", "seeEmployees", "bookEmployee"]

/** Groups for the rights screen. */
export const rightGroups = {
  structure: ["editCluster", "deleteCluster"],
  members: ["addMember", "removeMember", "validateMembership"],
  machines: [
    "seeMachines",
    "createMachine",
    "editMachine",
    "deleteMachine",
    "manageMachine",
    "bookMachine",
    "acceptMachineBooking",
  ],
  employees: [
    "seeEmployees",
    "bookEmployee",
    "validateEmployeeBooking",
    "bookEmployeeForOther",
    "editEmployeeBooking",
    "seeEmployeeActivities",
  ],
  counters: ["editCounters"],
} as const satisfies Record<string, ReadonlyArray<Right>>

/**
 * SPEC §6: grants one person holds on one machine (per-machine access rights), read and written
 * through `GET /machines/{id}/users_access` and `PUT /machines/{idM}/users_access/{idU}`.
 */
export const grants = [
  "edit",
  "realTimeView",
  "booking",
  "acceptBookings",
  "management",
  "activityModification",
] as const
export const Grant = Schema.Literal(...grants)
export type Grant = typeof Grant.Type
export const GrantSet = Schema.transform(Schema.Array(Grant), Schema.Array(Grant), {
  strict: true,
  decode: (list) => grants.filter((g) => list.includes(g)),
  encode: (list) => list,
})
