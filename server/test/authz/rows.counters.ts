import type { EndpointRows } from "./matrix"
import { currentWorld } from "./world"

/** The cell's structure A, for bodies (a body hook sees no fixtures). */
const a = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld.ids.A
}

/**
 * Boxes and their associations. Fixtures: each structure's box is on its machine since yesterday
 * (no end). A new association is placed after the open end (2150), so it never overlaps.
 */
export const countersRows: Record<string, EndpointRows> = {
  "counters.list": {
    shows: { id: "counter", to: ["self", "holder"] },
    cells: `
      anonymous  -  401
      self       -  200
      holder     -  200
      outsider   -  200
      admin      -  200`,
  },
  "counters.associations": {
    id: "counter",
    shows: { id: "association", to: ["self"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      self       A  200
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
  "counters.usersAlertes": {
    id: "counter",
    cells: `
      anonymous  A  401
      outsider   A  404
      self       A  200
      holder     B  404
      admin      A  404`,
  },
  "counters.associate": {
    id: "counter",
    holds: ["editCounters"],
    lacks: "editCounters",
    body: () => ({
      cluster: a().cluster,
      machine: a().machine,
      start_date: "2160-01-01T00:00:00Z",
      end_date: "2161-01-01T00:00:00Z",
    }),
    variants: {
      overlap: {
        body: () => ({ cluster: a().cluster, machine: a().machine, start_date: new Date().toISOString() }),
      },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  201
      holder     A  409 associationOverlap @overlap
      holder     B  400 selectionUnknown
      grantee    A  404
      admin      A  404`,
  },
  "counters.editAssociation": {
    id: "association",
    holds: ["editCounters"],
    lacks: "editCounters",
    body: () => ({ end_date: "2149-01-01T00:00:00Z" }),
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
  "counters.deleteAssociation": {
    id: "association",
    holds: ["editCounters"],
    lacks: "editCounters",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  204
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
  "counters.machineAssociations": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    shows: { id: "association", to: ["holder", "grantee"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404
      admin      A  404`,
  },
  "counters.pickoff": {
    id: "machine",
    holds: ["editCounters"],
    lacks: "editCounters",
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
}
