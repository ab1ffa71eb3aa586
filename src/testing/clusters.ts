import { Cluster } from "../schema/cluster"
import type { ClusterId } from "../schema/ids"
import type { Right } from "../schema/rights"
import { Address } from "../schema/user"

/**
 * A structure as `GET /clusters` answers it, for tests and chart samples (pure: no React, so
 * the statechart scripts can import it too): a CUMA in Rennes where the caller holds `myRights`.
 */
export const sampleCluster = (
  ref: { id: ClusterId; name: string },
  myRights: ReadonlyArray<Right>,
  overrides: Partial<Cluster> = {},
) =>
  new Cluster({
    ...ref,
    type: "sharing",
    kind: "cuma",
    vatNumber: null,
    description: null,
    address: new Address({
      street: "1 rue du Moulin",
      complement: null,
      postalCode: "35000",
      city: "Rennes",
      country: "France",
    }),
    defaultRights: ["seeMachines", "bookMachine"],
    memberCount: 3,
    myRole: "member",
    myRights,
    ...overrides,
  })
