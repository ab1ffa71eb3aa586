import { DateTime } from "effect"
import {
  AssociationId,
  ClusterId,
  Conflict,
  Counter,
  CounterAssociation,
  CounterId,
  Forbidden,
  MachineId,
  MachineSummary,
} from "../../schema"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { associationMachine } from "./association"
import { associationSpec } from "./association.paths"
import { associationWizardMachine } from "./associationWizard"
import { associationWizardSpec } from "./associationWizard.paths"
import { boxHistoryMachine } from "./boxHistory"
import { countersMachine } from "./counters"
import { boxHistorySpec, boxOnMachine, boxOnNoMachine, countersSpec, removalSpec } from "./counters.paths"
import { removalMachine } from "./removal"

const clusterId = ClusterId.make("00000000-0000-4000-8000-0000000000c1")
const cluster = { id: clusterId, name: "CUMA des Prés" }
const tractor = new MachineSummary({
  id: MachineId.make("00000000-0000-4000-8000-0000000000a1"),
  name: "Tracteur 1",
  cluster,
})
const box = CounterId.make("BOX-001")
export const now = DateTime.unsafeMake("2026-06-01T12:00:00Z").epochMillis
const at = (iso: string) => DateTime.unsafeMake(iso)
const anAssociation = (end: string | null) =>
  new CounterAssociation({
    id: AssociationId.make("00000000-0000-4000-8000-0000000000e1"),
    counter: box,
    machines: [tractor],
    cluster,
    start_date: at("2026-05-01T08:00:00Z"),
    end_date: end === null ? null : at(end),
  })
const aCounter = new Counter({ id: box, battery: 12, lastCommunication: null, cluster, machine: tractor })
const overlap = Conflict.of("associationOverlap")
const offBox = new Counter({
  id: CounterId.make(boxOnNoMachine),
  battery: 50,
  lastCommunication: null,
  cluster,
  machine: null,
})

export const associationChart: Chart = {
  name: "association",
  spec: associationSpec,
  machine: associationMachine,
  input: { association: anAssociation(null), now },
  events: [
    { type: "association.edit" },
    { type: "association.cancel" },
    { type: "association.save", start_date: at("2026-05-02T08:00:00Z"), end_date: null },
    {
      type: "association.save",
      start_date: at("2026-05-02T08:00:00Z"),
      end_date: at("2026-05-01T08:00:00Z"),
    },
    { type: "association.end" },
    { type: "association.delete" },
    { type: "association.confirm" },
    done("editAssociation", anAssociation("2026-06-01T12:00:00Z")),
    done("editAssociation", anAssociation("2026-07-01T12:00:00Z")),
    failed("editAssociation", overlap),
    done("deleteAssociation"),
    failed("deleteAssociation", networkDown),
  ],
}

/** The counters charts (see charts.ts for what each entry must give). */
export const countersCharts: ReadonlyArray<Chart> = [
  associationChart,
  {
    name: "associationWizard",
    spec: associationWizardSpec,
    machine: associationWizardMachine,
    input: { now },
    events: [
      done("loadCounters", [aCounter]),
      failed("loadCounters", networkDown),
      { type: "wizard.retry" },
      { type: "wizard.next", cluster: clusterId, counter: "box-001" },
      { type: "wizard.next", cluster: null, counter: "" },
      { type: "wizard.next", cluster: clusterId, counter: "BOX-999" },
      done("loadMachines", [tractor]),
      failed("loadMachines", Forbidden.of("forbidden")),
      { type: "wizard.back" },
      { type: "wizard.submit", machine: tractor.id, start_date: at("2026-06-02T08:00:00Z"), end_date: null },
      {
        type: "wizard.submit",
        machine: tractor.id,
        start_date: at("2026-06-02T08:00:00Z"),
        end_date: at("2026-06-01T08:00:00Z"),
      },
      { type: "wizard.submit", machine: null, start_date: null, end_date: null },
      done("associate", anAssociation(null)),
      failed("associate", overlap),
    ],
  },
  {
    name: "boxHistory",
    spec: boxHistorySpec,
    machine: boxHistoryMachine,
    input: { source: { machine: tractor.id } },
    events: [
      done("loadAssociations", [anAssociation(null)]),
      failed("loadAssociations", networkDown),
      { type: "boxHistory.retry" },
      { type: "boxHistory.refresh" },
    ],
  },
  {
    name: "counters",
    spec: countersSpec,
    machine: countersMachine,
    events: [
      done("loadCounters", [aCounter]),
      failed("loadCounters", networkDown),
      { type: "counters.retry" },
      { type: "counters.refresh" },
    ],
  },
  {
    name: "removal",
    spec: removalSpec,
    machine: removalMachine,
    events: [
      done("loadCounters", [aCounter, offBox]),
      failed("loadCounters", networkDown),
      { type: "removal.retry" },
      { type: "removal.pick", counter: CounterId.make(boxOnMachine) },
      { type: "removal.pick", counter: CounterId.make(boxOnNoMachine) },
      { type: "removal.cancel" },
      { type: "removal.confirm" },
      done("pickoff", anAssociation("2026-06-01T12:00:00Z")),
      failed("pickoff", Conflict.of("noBoxOnMachine")),
    ],
  },
]
