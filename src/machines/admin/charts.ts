// Size: sample events and fixtures of the six admin and tag charts, one list per chart.
import { DateTime } from "effect"
import {
  AdminUser,
  AssociationId,
  BleTag,
  BleTagId,
  BoxSecret,
  ClusterDirectoryEntry,
  ClusterId,
  Conflict,
  Counter,
  CounterAssociation,
  CounterId,
  Forbidden,
  MachineId,
  MachineSummary,
  Member,
  NotFound,
  RegisteredCounter,
  UserId,
  UserSummary,
} from "../../schema"
import { bleTagsMachine } from "../counters/bleTags"
import { bleTagsSpec } from "../counters/bleTags.paths"
import { pickoffMachine } from "../counters/pickoff"
import { pickoffSpec } from "../counters/pickoff.paths"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { adminClusterSearchSpec, adminCountersSpec, adminTagsSpec, adminUsersSpec } from "./admin.paths"
import { adminClusterSearchMachine } from "./adminClusterSearch"
import { adminCountersMachine } from "./adminCounters"
import { adminTagsMachine } from "./adminTags"
import { adminUsersMachine } from "./adminUsers"

const at = (iso: string) => DateTime.unsafeMake(iso)
const clusterId = ClusterId.make("00000000-0000-4000-8000-0000000000c1")
const cluster = { id: clusterId, name: "CUMA des Prés" }
const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur 1",
  cluster,
})
const anne = new UserSummary({
  id: UserId.make("00000000-0000-4000-8000-000000000001"),
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
})
const adminRow = (admin: boolean) =>
  new AdminUser({
    user: anne,
    admin,
    status: "finalised",
    clusters: 2,
    createdAt: at("2026-01-01T08:00:00Z"),
  })
const box = (id: string, inCluster: boolean) =>
  new Counter({
    id: CounterId.make(id),
    battery: 80,
    lastCommunication: null,
    cluster: inCluster ? cluster : null,
    machine: null,
  })
const tag = (id: string, attributed: boolean) =>
  new BleTag({
    id: BleTagId.make(id),
    type: "machine",
    cluster,
    machine: attributed ? tractor : null,
    user: null,
  })
const notAdmin = Forbidden.of()
const notAllowed = Forbidden.of("modificationNotAllowed")

/** The admin area, BLE tags and pickoff charts (see charts.ts for what each entry must give). */
export const adminCharts: ReadonlyArray<Chart> = [
  {
    name: "adminUsers",
    spec: adminUsersSpec,
    machine: adminUsersMachine,
    events: [
      done("loadUsers", [adminRow(false)]),
      failed("loadUsers", notAdmin),
      failed("loadUsers", networkDown),
      { type: "adminUsers.retry" },
      { type: "adminUsers.setAdmin", user: anne.id, admin: true },
      { type: "adminUsers.confirm" },
      { type: "adminUsers.cancel" },
      done("setAdmin", adminRow(true)),
      failed("setAdmin", notAllowed),
    ],
  },
  {
    name: "adminCounters",
    spec: adminCountersSpec,
    machine: adminCountersMachine,
    events: [
      done("loadCounters", [box("BOX-002", false)]),
      failed("loadCounters", notAdmin),
      failed("loadCounters", networkDown),
      { type: "adminCounters.retry" },
      { type: "adminCounters.register", id: " box-001 " },
      { type: "adminCounters.register", id: "" },
      { type: "adminCounters.register", id: "b!" },
      done(
        "registerCounter",
        new RegisteredCounter({
          counter: box("BOX-001", false),
          secret: new BoxSecret({ secret: "s".repeat(43), issuedAt: at("2026-01-01T08:00:00Z") }),
        }),
      ),
      failed("registerCounter", Conflict.of("counterExists")),
      { type: "adminCounters.register", id: "phone-7", kind: "phone" },
      { type: "adminCounters.rotate", counter: CounterId.make("BOX-002") },
      done("rotateSecret", new BoxSecret({ secret: "r".repeat(43), issuedAt: at("2026-02-01T08:00:00Z") })),
      failed("rotateSecret", NotFound.of()),
      { type: "adminCounters.attribute", counter: CounterId.make("BOX-002"), cluster: clusterId },
      done("attributeCounter", box("BOX-002", true)),
      failed("attributeCounter", notAllowed),
    ],
  },
  {
    name: "adminTags",
    spec: adminTagsSpec,
    machine: adminTagsMachine,
    events: [
      done("loadTags", [tag("TAG-002", false)]),
      failed("loadTags", notAdmin),
      failed("loadTags", networkDown),
      { type: "adminTags.retry" },
      { type: "adminTags.register", id: "tag-001", tagType: "user" },
      { type: "adminTags.register", id: " ", tagType: "machine" },
      { type: "adminTags.register", id: "t?", tagType: "machine" },
      done("registerTag", tag("TAG-001", false)),
      failed("registerTag", Conflict.of("tagExists")),
      { type: "adminTags.attribute", tag: BleTagId.make("TAG-002"), cluster: null },
      done("attributeTag", tag("TAG-002", false)),
      failed("attributeTag", NotFound.of()),
    ],
  },
  {
    name: "adminClusterSearch",
    spec: adminClusterSearchSpec,
    machine: adminClusterSearchMachine,
    events: [
      { type: "clusterSearch.type", q: " cu " },
      { type: "clusterSearch.type", q: "c" },
      done("searchClusters", [
        new ClusterDirectoryEntry({
          ...cluster,
          type: "sharing",
          kind: "cuma",
          city: "Rennes",
          mine: "none",
        }),
      ]),
      failed("searchClusters", networkDown),
    ],
  },
  {
    name: "bleTags",
    spec: bleTagsSpec,
    machine: bleTagsMachine,
    events: [
      done("loadTags", {
        tags: [tag("TAG-002", false)],
        machines: [tractor],
        members: {
          [clusterId]: [
            new Member({ user: anne, role: "member", rights: [], joinedAt: at("2026-01-01T08:00:00Z") }),
          ],
        },
        productTypes: [],
      }),
      failed("loadTags", networkDown),
      { type: "bleTags.retry" },
      { type: "bleTags.attribute", tag: BleTagId.make("TAG-002"), machine: tractor.id },
      done("attributeTag", tag("TAG-002", true)),
      failed("attributeTag", Forbidden.of("associationNotAllowed")),
    ],
  },
  {
    name: "pickoff",
    spec: pickoffSpec,
    machine: pickoffMachine,
    input: { machine: tractor.id },
    events: [
      done("loadMachine", { id: tractor.id, name: tractor.name, clusterName: cluster.name, counter: null }),
      failed("loadMachine", NotFound.of()),
      failed("loadMachine", networkDown),
      { type: "pickoff.retry" },
      { type: "pickoff.remove" },
      { type: "pickoff.confirm" },
      { type: "pickoff.cancel" },
      done(
        "pickoff",
        new CounterAssociation({
          id: AssociationId.make("00000000-0000-4000-8000-0000000000e1"),
          counter: CounterId.make("BOX-001"),
          machines: [tractor],
          cluster,
          start_date: at("2026-05-01T08:00:00Z"),
          end_date: at("2026-06-01T12:00:00Z"),
        }),
      ),
      failed("pickoff", Conflict.of("noBoxOnMachine")),
    ],
  },
]
