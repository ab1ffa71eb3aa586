import { rights as allRights, type Right } from "../../../src/schema/rights"
import type { EndpointRows } from "./matrix"

const allBut = (right: Right) => allRights.filter((r) => r !== right)

const address = {
  street: "1 rue",
  complement: null,
  postalCode: "28000",
  city: "Chartres",
  country: "France",
}

/** Structures, their default rights and their members. */
export const clustersRows: Record<string, EndpointRows> = {
  "clusters.list": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "clusters.create": {
    body: () => ({ name: "CUMA Neuve", type: "sharing", kind: "cuma", address }),
    cells: `
      anonymous  -  401
      outsider   -  201`,
  },
  "clusters.directory": {
    query: () => ({ q: "cuma" }),
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "clusters.get": {
    id: "cluster",
    holds: [],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  200
      holder     B  404`,
  },
  "clusters.edit": {
    id: "cluster",
    holds: ["editCluster"],
    lacks: "editCluster",
    body: () => ({ name: "Nouveau nom" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404`,
  },
  "clusters.remove": {
    id: "cluster",
    holds: ["deleteCluster"],
    lacks: "deleteCluster",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  204
      holder     B  404`,
  },
  "clusters.editDefaultRights": {
    id: "cluster",
    // A's defaults are seeMachines and bookMachine: taking bookMachine out needs holding it.
    holds: ["editCluster", "seeMachines", "bookMachine"],
    lacks: "editCluster",
    body: () => ({ rights: ["seeMachines"] }),
    variants: {
      addLacked: { body: () => ({ rights: ["seeMachines", "bookMachine", "deleteCluster"] }) },
      removeLacked: { holds: ["editCluster", "seeMachines"] },
      applyLacked: { body: () => ({ rights: ["seeMachines", "bookMachine"], applyToMembers: true }) },
      apply: { holds: allRights, body: () => ({ rights: ["seeMachines"], applyToMembers: true }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     A  403 modificationNotAllowed @addLacked
      holder     A  403 modificationNotAllowed @removeLacked
      holder     A  403 modificationNotAllowed @applyLacked
      holder     A  200 @apply
      holder     B  404`,
  },
  "clusters.members": {
    id: "cluster",
    holds: [],
    cells: `
      anonymous  A  401
      outsider   A  404
      holder     A  200
      holder     B  404`,
  },
  "clusters.editMember": {
    id: "cluster",
    holds: ["editCluster"],
    lacks: "editCluster",
    body: () => ({ role: "partner" }),
    variants: {
      addLacked: { body: () => ({ rights: ["deleteCluster"] }) },
      removeLacked: { bob: ["deleteCluster"], body: () => ({ rights: [] }) },
      removeHeld: {
        holds: ["editCluster", "seeMachines"],
        bob: ["seeMachines"],
        body: () => ({ rights: [] }),
      },
      lastHolder: {
        holds: allRights,
        owner: [],
        user: "actor",
        body: () => ({ rights: allBut("editCounters") }),
      },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  403 modificationNotAllowed @addLacked
      holder     A  403 modificationNotAllowed @removeLacked
      holder     A  200 @removeHeld
      holder     A  403 modificationNotAllowed @lastHolder
      holder     A/guest  404
      holder     B  404`,
  },
  "clusters.removeMember": {
    id: "cluster",
    holds: ["removeMember"],
    lacks: "removeMember",
    variants: {
      lastHolder: { owner: allBut("deleteCluster"), bob: ["deleteCluster"] },
      leaving: { holds: allRights, owner: [], user: "actor" },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  204
      holder     A  204
      holder     A  403 modificationNotAllowed @lastHolder
      holder     A  403 modificationNotAllowed @leaving
      holder     A/guest  404
      holder     B  404`,
  },
}
