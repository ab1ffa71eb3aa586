import { randomUUID } from "node:crypto"
import type { EndpointRows } from "./matrix"
import { reader } from "./rows.activities"
import { currentWorld } from "./world"

const worldA = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld.ids.A
}
const oilChange = () => ({
  id: randomUUID(),
  name: "Vidange moteur",
  counter: "engineHours",
  frequency: 250,
  firstEvent: 50,
})
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString()

/**
 * Managing A's machine (manageMachine in A, or the machine's management grant with membership):
 * members who only see it get 403; a grant without membership never manages.
 */
const manager = (ok: number) => `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  ${ok}
      holder     A  ${ok} @managementGrant
      grantee    A  403 forbidden
      admin      A  404`

/** A's profile, as someone managing its machine: a profile is seen by members who see machines. */
const profileOfMachine = (ok: number) => `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  ${ok}
      holder     A  ${ok} @managementGrant
      holder     B  404
      grantee    A  404
      admin      A  404`

const managing = {
  holds: ["seeMachines", "manageMachine"],
  lacks: "manageMachine",
  variants: { managementGrant: { holds: ["seeMachines"], grants: ["management"] } },
} as const

/** Maintenance (docs/rights.md#maintenance). */
export const maintenanceRows: Record<string, EndpointRows> = {
  "maintenance.profiles": {
    holds: ["seeMachines"],
    lacks: "seeMachines",
    shows: { id: "profile", to: ["holder"] },
    cells: `
      anonymous  -  401
      outsider   -  200
      holder     -  200
      lacking    -  200
      self       -  200
      grantee    -  200
      admin      -  200`,
  },
  // Creating a profile takes manageMachine in every structure it names.
  "maintenance.putProfile": {
    id: "cluster",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    body: () => ({ id: randomUUID(), name: "Tracteurs", clusters: [worldA().cluster], rules: [oilChange()] }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      grantee    A  404
      admin      A  404`,
  },
  "maintenance.attach": {
    ...managing,
    id: "profile",
    body: () => ({ machines: [worldA().machine] }),
    cells: profileOfMachine(200),
  },
  "maintenance.detach": {
    ...managing,
    id: "profile",
    pathIds: { machineId: "machine" },
    cells: profileOfMachine(204),
  },
  // Editing a profile's rules takes manageMachine in every structure it names (a grant is not enough).
  "maintenance.putRules": {
    id: "profile",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    body: () => ({ rules: [oilChange()] }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
  "maintenance.machineRules": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: ({ machine }) => ({ machine }),
    cells: reader,
  },
  "maintenance.actions": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: ({ machine }) => ({ machine }),
    cells: reader,
  },
  "maintenance.addAction": {
    ...managing,
    id: "machine",
    body: () => ({ id: randomUUID(), machine: worldA().machine, date: hourAgo(), rules: [] }),
    cells: manager(201),
  },
  "maintenance.removeAction": {
    ...managing,
    id: "maintenanceAction",
    cells: `${manager(204)}
      holder     B  404
      grantee    B  404`,
  },
  "maintenance.addReading": {
    ...managing,
    id: "machine",
    body: () => ({ machine: worldA().machine, counter: "engineHours", value: 120, date: hourAgo() }),
    cells: manager(201),
  },
  "maintenance.states": {
    holds: ["seeMachines"],
    lacks: "seeMachines",
    shows: { id: "machine", to: ["holder", "grantee"] },
    cells: `
      anonymous  -  401
      outsider   -  200
      holder     -  200
      lacking    -  200
      self       -  200
      grantee    -  200
      admin      -  200`,
  },
  "maintenance.alerts": {
    cells: `
      anonymous  -  401
      outsider   -  200
      holder     -  200
      self       -  200
      grantee    -  200
      admin      -  200`,
  },
}
