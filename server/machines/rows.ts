import { Schema } from "effect"
import { Brand, FilterName } from "../../src/schema/catalogue"
import { BrandId, ClusterId, CounterId, FilterEntryId, MachineId, UserId } from "../../src/schema/ids"
import {
  Billing,
  type Consumption,
  ConsumptionUnit,
  defaultSettings,
  Machine,
  MachineSettings,
  MachineSummary,
} from "../../src/schema/machine"
import { JsonColumn, NumericColumn, UtcColumn } from "../db/columns"

const Text = Schema.NullOr(Schema.String)
const Amount = Schema.NullOr(NumericColumn)
const unset = { default: () => null }

/** Settings as stored: merged over the defaults when read, so a parameter added later reads its default. */
const StoredSettings = Schema.NullOr(JsonColumn(Schema.partial(MachineSettings)))
const settingsOf = (stored: typeof StoredSettings.Type): MachineSettings => ({
  ...defaultSettings,
  ...stored,
})

/** Maintenance as stored (dates as ISO text); a figure never entered is absent. */
const StoredMaintenance = Schema.Struct({
  dateOfIssue: Schema.optionalWith(Schema.NullOr(UtcColumn), unset),
  totalDistanceKm: Schema.optionalWith(Amount, unset),
  workingHours: Schema.optionalWith(Amount, unset),
  engineHours: Schema.optionalWith(Amount, unset),
  engineHoursMeasuredAt: Schema.optionalWith(Schema.NullOr(UtcColumn), unset),
})

const noMaintenance = Schema.decodeSync(StoredMaintenance)({})

/** The reference consumption: both columns or neither (the database checks it). */
const ConsumptionColumns = {
  consumption_unit: Schema.NullOr(ConsumptionUnit),
  consumption_rate: Amount,
}
const consumptionOf = (r: { consumption_unit: ConsumptionUnit | null; consumption_rate: number | null }) =>
  r.consumption_unit === null || r.consumption_rate === null
    ? null
    : { unit: r.consumption_unit, rate: r.consumption_rate }

export const MachineRow = Schema.Struct({
  id: MachineId,
  name: Schema.String,
  cluster_id: ClusterId,
  cluster_name: Schema.String,
})
export type MachineRow = typeof MachineRow.Type

export const toSummary = (r: MachineRow) =>
  new MachineSummary({ id: r.id, name: r.name, cluster: { id: r.cluster_id, name: r.cluster_name } })

/** A machine with its catalogue entries, owner and the box on it now. */
export const DetailRow = Schema.Struct({
  ...MachineRow.fields,
  brand_id: Schema.NullOr(BrandId),
  brand_name: Text,
  model: Text,
  category_id: Schema.NullOr(FilterEntryId),
  category_name: Schema.NullOr(JsonColumn(FilterName)),
  type_id: Schema.NullOr(FilterEntryId),
  type_name: Schema.NullOr(JsonColumn(FilterName)),
  tool_width_m: Amount,
  max_working_speed_kmh: Amount,
  can_present: Schema.Boolean,
  can_type: Text,
  owner_id: Schema.NullOr(UserId),
  owner_firstname: Text,
  owner_lastname: Text,
  owner_name: Text,
  billing: Schema.NullOr(JsonColumn(Billing)),
  ...ConsumptionColumns,
  maintenance: Schema.NullOr(JsonColumn(StoredMaintenance)),
  settings: StoredSettings,
  current_counter: Schema.NullOr(CounterId),
})

export const toMachine = (r: typeof DetailRow.Type): Machine =>
  new Machine({
    id: r.id,
    cluster: { id: r.cluster_id, name: r.cluster_name },
    name: r.name,
    brand: r.brand_id ? new Brand({ id: r.brand_id, name: r.brand_name ?? "" }) : null,
    model: r.model,
    category: r.category_id && r.category_name ? { id: r.category_id, name: r.category_name } : null,
    type: r.type_id && r.type_name ? { id: r.type_id, name: r.type_name } : null,
    toolWidthMeters: r.tool_width_m,
    maxWorkingSpeedKmh: r.max_working_speed_kmh,
    canPresent: r.can_present,
    canType: r.can_type,
    owner: r.owner_id
      ? {
          id: r.owner_id,
          firstname: r.owner_firstname ?? "",
          lastname: r.owner_lastname ?? "",
          name: r.owner_name,
        }
      : null,
    billing: r.billing,
    consumption: consumptionOf(r),
    maintenance: r.maintenance ?? noMaintenance,
    settings: settingsOf(r.settings),
    currentCounter: r.current_counter,
  })

/** What a machine's columns hold, as written (numbers decoded, dates as ISO text). */
export interface MachineColumns {
  readonly name: string
  readonly brand: string | null
  readonly model: string | null
  readonly category: string | null
  readonly type: string | null
  readonly toolWidthMeters: number | null
  readonly maxWorkingSpeedKmh: number | null
  readonly canPresent: boolean
  readonly canType: string | null
  readonly owner: string | null
  readonly billing: { readonly unit: string; readonly rate: number } | null
  readonly consumption: Consumption | null
  readonly maintenance: Record<string, unknown>
  readonly settings: MachineSettings
}

/** The raw stored columns, for an edit to merge over. */
export const ColumnsRow = Schema.Struct({
  name: Schema.String,
  brand_id: Text,
  model: Text,
  category_id: Text,
  type_id: Text,
  tool_width_m: Amount,
  max_working_speed_kmh: Amount,
  can_present: Schema.Boolean,
  can_type: Text,
  owner_id: Text,
  billing: Schema.NullOr(JsonColumn(Billing)),
  ...ConsumptionColumns,
  maintenance: Schema.NullOr(JsonColumn(Schema.Record({ key: Schema.String, value: Schema.Unknown }))),
  settings: StoredSettings,
})

export const toColumns = (r: typeof ColumnsRow.Type): MachineColumns => ({
  name: r.name,
  brand: r.brand_id,
  model: r.model,
  category: r.category_id,
  type: r.type_id,
  toolWidthMeters: r.tool_width_m,
  maxWorkingSpeedKmh: r.max_working_speed_kmh,
  canPresent: r.can_present,
  canType: r.can_type,
  owner: r.owner_id,
  billing: r.billing,
  consumption: consumptionOf(r),
  maintenance: r.maintenance ?? {},
  settings: settingsOf(r.settings),
})
