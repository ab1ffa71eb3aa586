import type { EndpointRows } from "./matrix"
import { currentWorld } from "./world"

/** A period holding yesterday, when the world's activity was. */
const period = () => ({
  start_date: new Date(Date.now() - 3 * 86_400_000).toISOString(),
  end_date: new Date(Date.now() + 86_400_000).toISOString(),
})

/** Reading activities: whoever sees the machine (seeMachines in its structure, or a grant on it). */
export const reader = `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`

/** The list of what one may see: to everyone signed in. */
const everyoneSignedIn = `
      anonymous  -  401
      outsider   -  200
      lacking    -  200
      self       -  200
      holder     -  200
      grantee    -  200
      admin      -  200`

/**
 * Activities (docs/rights.md#activities). Reading them is seeing the machine; correcting one needs
 * the machine's "Modification des activités" grant, or managing it as a member ("Gérer les
 * machines", or its "Gestion" grant): the grantee's management grant, without membership, does not.
 */
/**
 * Calls that take the right to correct the activity: whoever holds "Gérer les machines" in its
 * structure (not a viewer), or its "Modification des activités" grant; `past` is what they get.
 */
const corrector = {
  id: "activity",
  holds: ["seeMachines", "manageMachine"],
  lacks: "manageMachine",
  variants: {
    viewer: { holds: ["seeMachines"] },
    modifier: { grants: ["activityModification"] },
  },
} as const
const correcting = (past: string) => `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  ${past}
      holder     A  403 forbidden @viewer
      holder     B  404
      grantee    A  403 forbidden
      grantee    A  ${past} @modifier
      grantee    B  404
      admin      A  404`

export const activitiesRows: Record<string, EndpointRows> = {
  // Everyone signed in gets the list of what they may see (server/activities/list.test.ts: who sees what).
  "activities.activities": {
    query: period,
    shows: { id: "activity", to: ["holder", "grantee"] },
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: everyoneSignedIn,
  },
  // The same list as a spreadsheet (what each one sees: server/activities/list.test.ts).
  "activities.activitiesCsv": {
    query: period,
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: everyoneSignedIn,
  },
  "activities.activitiesXlsx": {
    query: period,
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: everyoneSignedIn,
  },
  "activities.machineActivities": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: period,
    shows: { id: "activity", to: ["holder", "grantee"] },
    cells: reader,
  },
  "activities.activity": { id: "activity", holds: ["seeMachines"], lacks: "seeMachines", cells: reader },
  "activities.activityTrace": { id: "activity", holds: ["seeMachines"], lacks: "seeMachines", cells: reader },
  "activities.activityDetail": {
    id: "activity",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: reader,
  },
  // Only the member it is billed to contests it (the world's activity is billed to nobody: every
  // caller who finds it is refused; the member's own dispute is in server/activities/disputes.test.ts).
  "activities.disputeActivity": {
    id: "activity",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    body: () => ({ comment: "Ce n'était pas moi" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  403 forbidden
      holder     B  404
      grantee    A  403 forbidden
      grantee    B  404
      admin      A  404`,
  },
  // Its driver confirms it (the world's activity has none: server/activities/disputes.test.ts), or
  // whoever may correct it.
  "activities.confirmActivity": {
    ...corrector,
    body: () => ({ comment: "Fini, reste un hectare au fond." }),
    cells: correcting("201"),
  },
  // Settling takes the right to correct; past it, a dispute the activity has not is not found.
  "activities.settleDispute": {
    ...corrector,
    params: { dispute: "6f1c1b1e-2c4d-4e5f-8a9b-0c1d2e3f4a5d" },
    body: () => ({ outcome: "kept", answer: "La réservation était à votre nom." }),
    cells: correcting("404"),
  },
  // What a correction may name: only to whoever may correct the activity.
  "activities.activityChoices": {
    ...corrector,
    cells: correcting("200"),
  },
  // Splitting and merging take the right to correct; past it, the world's activity (an hour) is
  // not cut at an instant outside it, nor merged with itself (server/activities/splits.test.ts).
  "activities.splitActivity": {
    ...corrector,
    body: () => ({ at: "2001-01-01T00:00:00Z" }),
    cells: correcting("422 splitOutside"),
  },
  "activities.mergeActivity": {
    ...corrector,
    body: () => ({ with: currentWorld?.ids.A.activity }),
    cells: correcting("422 mergeNotAllowed"),
  },
  "activities.editActivity": {
    id: "activity",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    body: () => ({}),
    variants: {
      viewer: { holds: ["seeMachines"] },
      modifier: { grants: ["activityModification"] },
      manager: { holds: [], grants: ["management"] },
      stranger: { body: () => ({ member: currentWorld?.guest }) },
      notAProduct: { body: () => ({ productType: currentWorld?.ids.A.machine }) },
      // Another structure's machine is no implement of this one; a stranger drives none of its machines.
      otherImplement: { body: () => ({ auxiliaries: [currentWorld?.ids.B.machine] }) },
      strangerDriving: { body: () => ({ drivers: [currentWorld?.guest] }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  403 forbidden @viewer
      holder     A  200 @manager
      holder     A  422 associationNotAllowed @stranger
      holder     A  422 selectionUnknown @notAProduct
      holder     A  422 selectionUnknown @otherImplement
      holder     A  422 selectionUnknown @strangerDriving
      holder     B  404
      grantee    A  403 forbidden
      grantee    A  200 @modifier
      grantee    B  404
      admin      A  404`,
  },
}
