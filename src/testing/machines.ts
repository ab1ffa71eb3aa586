import type { Catalogue, MachineFormValues } from "../machines/fleet/machineForm"
import {
  Brand,
  BrandId,
  ClusterId,
  CounterId,
  FilterEntryId,
  Machine,
  MachineCategory,
  MachineId,
  MachineSummary,
} from "../schema"
import { defaultSettings } from "../schema/machine"

/** Sample machines, catalogue and typed values for the machine screens' tests and path specs. */
export const clusterId = ClusterId.make("00000000-0000-4000-8000-0000000000c1")
export const otherClusterId = ClusterId.make("00000000-0000-4000-8000-0000000000c2")
export const machineId = MachineId.make("00000000-0000-4000-8000-0000000000a1")
export const claas = new Brand({ id: BrandId.make("00000000-0000-4000-8000-0000000000d1"), name: "Claas" })
const name = (fr: string, en: string) => ({ default: en, texts: [{ lang: "fr", text: fr }] })
export const tractors = new MachineCategory({
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000e1"),
  name: name("Tracteurs", "Tractors"),
  types: [
    {
      id: FilterEntryId.make("00000000-0000-4000-8000-0000000000e2"),
      name: name("Tracteur 4RM", "4WD tractor"),
    },
  ],
})
export const harvesters = new MachineCategory({
  id: FilterEntryId.make("00000000-0000-4000-8000-0000000000e3"),
  name: name("Récolte", "Harvest"),
  types: [
    { id: FilterEntryId.make("00000000-0000-4000-8000-0000000000e4"), name: name("Moissonneuse", "Combine") },
  ],
})
export const catalogue: Catalogue = { brands: [claas], categories: [tractors, harvesters] }

export const aMachine = (overrides: Partial<Machine> = {}) =>
  new Machine({
    id: machineId,
    cluster: { id: clusterId, name: "CUMA des Prés" },
    name: "Tracteur 1",
    brand: claas,
    model: "Arion 420",
    category: { id: tractors.id, name: tractors.name },
    type: tractors.types[0] ?? null,
    toolWidthMeters: 3.5,
    maxWorkingSpeedKmh: 12,
    canPresent: false,
    canType: null,
    owner: null,
    billing: { unit: "hour", rate: 25 },
    consumption: null,
    maintenance: {
      dateOfIssue: null,
      totalDistanceKm: null,
      workingHours: null,
      engineHours: null,
      engineHoursMeasuredAt: null,
    },
    settings: defaultSettings,
    currentCounter: CounterId.make("SIL-0042"),
    ...overrides,
  })
export const aSummary = (machine: Machine) =>
  new MachineSummary({ id: machine.id, name: machine.name, cluster: machine.cluster })

export const typedValues = (overrides: Partial<MachineFormValues> = {}): MachineFormValues => ({
  name: " Tracteur 2 ",
  brand: claas.id,
  model: "",
  category: tractors.id,
  type: tractors.types[0]?.id ?? "",
  toolWidthMeters: "3.5",
  maxWorkingSpeedKmh: "",
  canPresent: false,
  canType: "",
  owner: "",
  billingUnit: "",
  billingRate: "",
  consumptionUnit: "",
  consumptionRate: "",
  maintenance: {
    dateOfIssue: "",
    totalDistanceKm: "",
    workingHours: "",
    engineHours: "",
    engineHoursMeasuredAt: "",
  },
  settings: null,
  ...overrides,
})
