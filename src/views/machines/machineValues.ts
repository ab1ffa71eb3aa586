import { DateTime } from "effect"
import type { MachineFormValues, SettingsValues } from "../../machines/fleet/machineForm"
import { numericSettings } from "../../machines/fleet/machineForm"
import { defaultSettings, type Machine, type MachineSettings } from "../../schema/machine"

const text = (n: number | null | undefined): string => (n === null || n === undefined ? "" : String(n))
const day = (d: DateTime.Utc | null): string => (d === null ? "" : DateTime.formatIso(d).slice(0, 10))

export const settingsValues = (settings: MachineSettings): SettingsValues => ({
  ...(Object.fromEntries(numericSettings.map((key) => [key, text(settings[key])])) as Record<
    (typeof numericSettings)[number],
    string
  >),
  minVibration: settings.minVibration,
  timeLimitation: settings.timeLimitation,
  ignoreUnknownFields: settings.ignoreUnknownFields,
  priority: settings.priority,
})

/** The form's starting values: the machine's, or empty ones with the default advanced parameters. */
export const valuesOf = (machine: Machine | null): MachineFormValues => ({
  name: machine?.name ?? "",
  brand: machine?.brand?.id ?? "",
  model: machine?.model ?? "",
  category: machine?.category?.id ?? "",
  type: machine?.type?.id ?? "",
  toolWidthMeters: text(machine?.toolWidthMeters),
  maxWorkingSpeedKmh: text(machine?.maxWorkingSpeedKmh),
  canPresent: machine?.canPresent ?? false,
  canType: machine?.canType ?? "",
  owner: machine?.owner?.id ?? "",
  billingUnit: machine?.billing?.unit ?? "",
  billingRate: text(machine?.billing?.rate),
  consumptionUnit: machine?.consumption?.unit ?? "",
  consumptionRate: text(machine?.consumption?.rate),
  maintenance: {
    dateOfIssue: day(machine?.maintenance.dateOfIssue ?? null),
    totalDistanceKm: text(machine?.maintenance.totalDistanceKm),
    workingHours: text(machine?.maintenance.workingHours),
    engineHours: text(machine?.maintenance.engineHours),
    engineHoursMeasuredAt: day(machine?.maintenance.engineHoursMeasuredAt ?? null),
  },
  settings: settingsValues(machine?.settings ?? defaultSettings),
})

/** SPEC §5 as the person types: a decimal comma is flagged on the field at once. */
export const commaIn = (typed: string): boolean => /\d,\d/.test(typed)
