import type { EndpointRows } from "./matrix"

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
