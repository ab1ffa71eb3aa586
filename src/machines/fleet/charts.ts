import { BadRequest, Forbidden, NotFound } from "../../schema"
import { defaultSettings } from "../../schema/machine"
import {
  aMachine,
  aSummary,
  catalogue,
  clusterId,
  harvesters,
  machineId,
  otherClusterId,
  typedValues,
} from "../../testing/machines"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { machineFormMachine } from "./machineForm"
import { machineFormSpec } from "./machineForm.paths"
import { machineListMachine } from "./machineList"
import { machineListSpec } from "./machineList.paths"
import { machinePageMachine } from "./machinePage"
import { machinePageSpec } from "./machinePage.paths"

const machine = aMachine()
const settings = {
  ...defaultSettings,
  minutesBetweenWorks: "30",
  secondsMaxFieldFusion: "120",
  fieldWorkMinDurationMinutes: "5",
  minPauseMinutes: "3,5",
  maxGpsAccuracyErrorMeters: "30",
  minWorkPercentOnField: "50",
  dieselConsumptionCorrectionPercent: "-2.5",
  minActivityDurationMinutes: "2",
}

/** The machines charts (see charts.ts for what each entry must give). */
export const machinesCharts: ReadonlyArray<Chart> = [
  {
    name: "machineList",
    spec: machineListSpec,
    machine: machineListMachine,
    events: [
      done("loadMachines", [aSummary(machine)]),
      failed("loadMachines", networkDown),
      { type: "machineList.refresh" },
    ],
  },
  {
    name: "machineForm",
    spec: machineFormSpec,
    machine: machineFormMachine,
    input: { machine: null, cluster: clusterId },
    events: [
      done("loadCatalogue", catalogue),
      failed("loadCatalogue", networkDown),
      { type: "machineForm.retry" },
      done("loadMembers", []),
      failed("loadMembers", networkDown),
      { type: "machineForm.pickCluster", cluster: otherClusterId },
      { type: "machineForm.save", values: typedValues() },
      {
        type: "machineForm.save",
        values: typedValues({ name: " ", toolWidthMeters: "3,5", type: harvesters.types[0]?.id }),
      },
      {
        type: "machineForm.save",
        values: typedValues({ billingUnit: "hour", billingRate: "abc", settings }),
      },
      done("saveMachine", machine),
      failed("saveMachine", new BadRequest({ code: "decimalComma", message: "virgule" })),
    ],
  },
  {
    name: "machinePage",
    spec: machinePageSpec,
    machine: machinePageMachine,
    input: { id: machineId },
    events: [
      done("loadMachine", { machine, access: [] }),
      failed("loadMachine", NotFound.of()),
      failed("loadMachine", Forbidden.of()),
      { type: "machinePage.refresh" },
      { type: "machinePage.updated", machine: aMachine({ model: "Arion 430" }) },
      { type: "machinePage.askDelete" },
      { type: "machinePage.cancelDelete" },
      { type: "machinePage.confirmDelete" },
      done("deleteMachine"),
      failed("deleteMachine", Forbidden.of()),
    ],
  },
]
