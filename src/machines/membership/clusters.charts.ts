// Size: sample events and fixtures of the six structure charts, one list per chart.
import { DateTime } from "effect"
import {
  Cluster,
  ClusterDirectoryEntry,
  ClusterId,
  Conflict,
  Forbidden,
  MachineId,
  MachineSummary,
  Member,
  NotFound,
  UserAccess,
  UserId,
  UserSummary,
} from "../../schema"
import { machineAccessMachine } from "../fleet/machineAccess"
import { machineAccessSpec } from "../fleet/machineAccess.paths"
import type { Chart } from "../lib/paths"
import { address, done, failed, networkDown } from "../lib/samples"
import { clusterFormMachine } from "./clusterForm"
import { clusterFormSpec } from "./clusterForm.paths"
import { clusterPageMachine } from "./clusterPage"
import { clusterPageSpec } from "./clusterPage.paths"
import { clusterRightsMachine } from "./clusterRights"
import { clusterRightsSpec } from "./clusterRights.paths"
import { joinClusterMachine } from "./joinCluster"
import { joinClusterSpec } from "./joinCluster.paths"
import { myClustersMachine } from "./myClusters"
import { myClustersSpec } from "./myClusters.paths"

const clusterId = ClusterId.make("00000000-0000-4000-8000-0000000000c1")
const machineId = MachineId.make("00000000-0000-4000-8000-0000000000a1")
const anne = new UserSummary({
  id: UserId.make("00000000-0000-4000-8000-000000000001"),
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
})
const cluster = new Cluster({
  id: clusterId,
  name: "CUMA des Prés",
  type: "sharing",
  kind: "cuma",
  vatNumber: null,
  description: null,
  address,
  defaultRights: ["seeMachines", "bookMachine"],
  memberCount: 3,
  myRole: "member",
  myRights: ["editCluster", "seeMachines", "manageMachine"],
})
const withDefaults = new Cluster({ ...cluster, defaultRights: ["seeMachines"] })
const member = new Member({
  user: anne,
  role: "member",
  rights: ["editCluster", "seeMachines"],
  joinedAt: DateTime.unsafeMake("2026-01-05T08:00:00Z"),
})
/** The person using the screen: applying the defaults leaves their own rights as they are. */
const myself = new Member({
  user: new UserSummary({
    id: UserId.make("00000000-0000-4000-8000-000000000002"),
    email: "bruno@example.org",
    firstname: "Bruno",
    lastname: "Roux",
    name: null,
  }),
  role: "member",
  rights: ["editCluster", "seeMachines", "manageMachine"],
  joinedAt: DateTime.unsafeMake("2026-01-01T08:00:00Z"),
})
const forbidden = Forbidden.of()
const notAllowed = Forbidden.of("modificationNotAllowed")
const clusterValues = {
  name: " CUMA des Prés ",
  type: "sharing",
  kind: "cuma",
  vatNumber: "",
  description: "Matériel en commun",
  address: { ...address },
}

/** The clusters charts (see charts.ts for what each entry must give). */
export const clustersCharts: ReadonlyArray<Chart> = [
  {
    name: "myClusters",
    spec: myClustersSpec,
    machine: myClustersMachine,
    events: [
      done("loadMyClusters", [cluster]),
      failed("loadMyClusters", networkDown),
      { type: "myClusters.refresh" },
    ],
  },
  {
    name: "clusterForm",
    spec: clusterFormSpec,
    machine: clusterFormMachine,
    input: { cluster: null },
    events: [
      { type: "clusterForm.save", values: clusterValues },
      {
        type: "clusterForm.save",
        values: { ...clusterValues, name: " ", type: "farm", address: { ...address, city: "" } },
      },
      done("saveCluster", cluster),
      failed("saveCluster", forbidden),
    ],
  },
  {
    name: "clusterPage",
    spec: clusterPageSpec,
    machine: clusterPageMachine,
    input: { id: clusterId },
    events: [
      done("loadCluster", cluster),
      failed("loadCluster", NotFound.of()),
      failed("loadCluster", networkDown),
      { type: "clusterPage.refresh" },
      { type: "clusterPage.updated", cluster: withDefaults },
      done("reloadCluster", withDefaults),
      failed("reloadCluster", NotFound.of()),
      failed("reloadCluster", networkDown),
      { type: "clusterPage.askDelete" },
      { type: "clusterPage.cancelDelete" },
      { type: "clusterPage.confirmDelete" },
      done("deleteCluster"),
      failed("deleteCluster", forbidden),
    ],
  },
  {
    name: "joinCluster",
    spec: joinClusterSpec,
    machine: joinClusterMachine,
    events: [
      { type: "joinCluster.search", q: "  prés " },
      { type: "joinCluster.search", q: " p " },
      done("searchDirectory", [
        new ClusterDirectoryEntry({
          id: clusterId,
          name: "CUMA des Prés",
          type: "sharing",
          kind: "cuma",
          city: "Rennes",
          mine: "none",
        }),
      ]),
      failed("searchDirectory", networkDown),
      { type: "joinCluster.request", clusterId, role: "partner" },
      done("requestToJoin"),
      failed("requestToJoin", Conflict.of("alreadyRequested")),
    ],
  },
  {
    name: "clusterRights",
    spec: clusterRightsSpec,
    machine: clusterRightsMachine,
    input: { cluster, me: myself.user.id },
    events: [
      done("loadMembers", [member, myself]),
      failed("loadMembers", networkDown),
      { type: "clusterRights.retry" },
      { type: "clusterRights.saveDefaults", rights: ["seeMachines"], applyToMembers: true },
      { type: "clusterRights.saveDefaults", rights: ["seeMachines"], applyToMembers: false },
      { type: "clusterRights.saveMember", userId: anne.id, rights: ["seeMachines"] },
      done("saveDefaults", withDefaults),
      failed("saveDefaults", notAllowed),
      done("saveMemberRights", new Member({ ...member, rights: ["seeMachines"] })),
      failed("saveMemberRights", notAllowed),
    ],
  },
  {
    name: "machineAccess",
    spec: machineAccessSpec,
    machine: machineAccessMachine,
    input: { clusterId },
    events: [
      done("loadMachines", [
        new MachineSummary({
          id: machineId,
          name: "Tracteur 1",
          cluster: { id: clusterId, name: cluster.name },
        }),
      ]),
      failed("loadMachines", forbidden),
      { type: "machineAccess.retry" },
      { type: "machineAccess.open", machineId },
      { type: "machineAccess.close" },
      { type: "machineAccess.save", userId: anne.id, grants: ["booking", "management"] },
      done("loadAccess", [new UserAccess({ user: anne, grants: [] })]),
      failed("loadAccess", networkDown),
      done("saveAccess", new UserAccess({ user: anne, grants: ["booking", "management"] })),
      failed("saveAccess", Forbidden.of("associationNotAllowed")),
    ],
  },
]
