import type { EndpointRows } from "./matrix"

/**
 * `POST /machines` names its structure in the body, and a body hook sees no fixtures: the query
 * hook (run first, with the target's structure) keeps it for the body and adds no parameter.
 */
let targetCluster = ""
const rememberCluster = (c: { readonly cluster: string }): Record<string, string> => {
  targetCluster = c.cluster
  return {}
}

const settingsBody = () => ({ editMachine: { settings: { minPauseMinutes: 7 } } })

/** Machines and the grants on them. */
export const machinesRows: Record<string, EndpointRows> = {
  "machines.list": {
    holds: ["seeMachines"],
    lacks: "seeMachines",
    query: (c): Record<string, string> => (c.cluster ? { cluster: c.cluster } : {}),
    shows: { id: "machine", to: ["holder", "grantee"] },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  200
      holder     A  200
      holder     B  404
      grantee    -  200
      grantee    A  404`,
  },
  "machines.create": {
    // No `:id` in the path: `cluster` only marks the call as aimed at a structure.
    id: "cluster",
    holds: ["createMachine"],
    lacks: "createMachine",
    query: rememberCluster,
    body: () => ({ cluster: targetCluster, name: "Semoir", toolWidthMeters: "3.5" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  201
      holder     B  404
      grantee    A  404`,
  },
  "machines.get": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404`,
  },
  "machines.edit": {
    id: "machine",
    holds: ["seeMachines", "editMachine"],
    lacks: "editMachine",
    body: () => ({ editMachine: { name: "Tracteur renommé" } }),
    variants: {
      editGrant: { grants: ["edit"] },
      settings: { body: settingsBody },
      settingsRight: { holds: ["seeMachines", "editMachine", "manageMachine"], body: settingsBody },
      managementGrant: { grants: ["management"], body: settingsBody },
      granteeSettings: { grants: ["edit", "management"], body: settingsBody },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  403 forbidden
      grantee    A  200 @editGrant
      grantee    B  404
      holder     A  403 forbidden @settings
      holder     A  200 @settingsRight
      holder     A  200 @managementGrant
      grantee    A  403 forbidden @granteeSettings`,
  },
  "machines.remove": {
    id: "machine",
    holds: ["seeMachines", "deleteMachine"],
    lacks: "deleteMachine",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  204
      holder     B  404
      grantee    A  403 forbidden`,
  },
  "machines.usersAccess": {
    id: "machine",
    holds: ["seeMachines"],
    lacks: "seeMachines",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      holder     A  200
      holder     B  404
      grantee    A  200
      grantee    B  404`,
  },
  "machines.editUserAccess": {
    id: "machine",
    holds: ["seeMachines", "manageMachine"],
    lacks: "manageMachine",
    body: () => ({ grants: ["booking"] }),
    variants: {
      managementGrant: { holds: ["seeMachines"], grants: ["management"] },
      giveManagement: {
        holds: ["seeMachines"],
        grants: ["management"],
        body: () => ({ grants: ["management"] }),
      },
      rightGivesManagement: { body: () => ({ grants: ["management"] }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  200 @managementGrant
      holder     A  403 modificationNotAllowed @giveManagement
      holder     A  200 @rightGivesManagement
      holder     A/guest  403 associationNotAllowed
      holder     B  404
      grantee    A  403 forbidden`,
  },
}
