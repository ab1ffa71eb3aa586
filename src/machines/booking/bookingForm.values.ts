import { DateTime } from "effect"
import { type Booking, type BookingGeometry, BookingInput, type ResourceRef } from "../../schema/booking"
import type { FilterEntry } from "../../schema/catalogue"
import type { Cluster } from "../../schema/cluster"
import type { BookingId, ClusterId, FieldId, FilterEntryId, UserId } from "../../schema/ids"
import type { MachineSummary } from "../../schema/machine"
import type { MessageCode } from "../../schema/messages"
import { type FieldErrors, validate } from "../lib/form"

/** What the booking form holds: the ordered resources, who it is for, when (epoch ms), where, why. */
export interface BookingFormValues {
  readonly resources: ReadonlyArray<ResourceRef>
  readonly user: UserId | null
  readonly start: number | null
  readonly end: number | null
  readonly locationLabel: string
  readonly comments: string
  readonly geometry: BookingGeometry | null
  /** The fields worked, in the order chosen. */
  readonly fields: ReadonlyArray<FieldId>
  /** What the work spreads, sows or handles, if said. */
  readonly productType: FilterEntryId | null
}

/** What the page was opened with (/ActionBooking?machine=…&employee=…&cluster=…&start=…&end=…). */
export interface BookingPrefill {
  readonly machine?: string
  readonly employee?: string
  readonly cluster?: string
  readonly start?: number
  readonly end?: number
}

/** What the form loads first: the person's structures (with their rights), the machines they see, the booking. */
export interface BookingFormData {
  readonly id: BookingId
  readonly clusters: ReadonlyArray<Cluster>
  readonly machines: ReadonlyArray<MachineSummary>
  readonly booking: Booking | null
  /** The catalogue's product types, in catalogue order. */
  readonly productTypes: ReadonlyArray<FilterEntry>
}

export const emptyValues: BookingFormValues = {
  resources: [],
  user: null,
  start: null,
  end: null,
  locationLabel: "",
  comments: "",
  geometry: null,
  fields: [],
  productType: null,
}

/** The structure the form opens on: the booking's, the asked one, the prefilled machine's, the only one, else the first where the person may book a machine. */
export const firstCluster = (data: BookingFormData, prefill: BookingPrefill): ClusterId | null => {
  if (data.booking !== null) return data.booking.cluster.id
  const asked = data.clusters.find((c) => c.id === prefill.cluster)
  if (asked !== undefined) return asked.id
  const machine = data.machines.find((m) => m.id === prefill.machine)
  if (machine !== undefined) return machine.cluster.id
  if (data.clusters.length === 1) return data.clusters[0].id
  return data.clusters.find((c) => c.myRights.includes("bookMachine"))?.id ?? null
}

/** The values the form opens with: the booking's when editing, else what the link prefilled. */
export const firstValues = (
  data: BookingFormData,
  prefill: BookingPrefill,
  me: UserId | null,
): BookingFormValues => {
  const b = data.booking
  if (b !== null)
    return {
      resources: b.resources.map((r) => ({ kind: r.kind, id: r.id }) as ResourceRef),
      user: b.user.id,
      start: b.start_date.epochMillis,
      end: b.end_date.epochMillis,
      locationLabel: b.location?.label ?? "",
      comments: b.comments,
      geometry: b.geometry,
      fields: b.fields.map((f) => f.id),
      productType: b.productType?.id ?? null,
    }
  const machine = data.machines.find((m) => m.id === prefill.machine)
  const resources: ResourceRef[] = machine === undefined ? [] : [{ kind: "machine", id: machine.id }]
  if (prefill.employee !== undefined) resources.push({ kind: "employee", id: prefill.employee as UserId })
  return { ...emptyValues, resources, user: me, start: prefill.start ?? null, end: prefill.end ?? null }
}

const iso = (ms: number) => DateTime.unsafeMake(ms).toJSON()
const required: ReadonlyArray<MessageCode> = ["required", "machineRequired", "userRequired"]

export type Checked =
  | { readonly input: BookingInput }
  | { readonly errors: FieldErrors; readonly summary: MessageCode | null }

const check = (id: BookingId | null, values: BookingFormValues): Checked => {
  const label = values.locationLabel.trim()
  const decoded = validate(BookingInput, {
    id,
    resources: values.resources,
    ...(values.user === null ? {} : { user: values.user }),
    ...(values.start === null ? {} : { start_date: iso(values.start) }),
    ...(values.end === null ? {} : { end_date: iso(values.end) }),
    comments: values.comments,
    location: label === "" ? null : { label, point: null },
    geometry: values.geometry,
    fields: values.fields,
    productType: values.productType,
  })
  if (decoded.ok) return { input: decoded.value }
  const errors: Record<string, MessageCode> = {}
  for (const [path, code] of Object.entries(decoded.errors))
    if (code !== undefined) errors[path.split(".")[0] ?? path] ??= code
  const incomplete = Object.values(errors).some((code) => required.includes(code))
  return { errors, summary: incomplete ? "bookingIncomplete" : null }
}

const checked = new WeakMap<BookingFormValues, { readonly id: BookingId | null; readonly result: Checked }>()

/**
 * The values as the contract's payload (SPEC §5 with BookingInput's own messages), or each
 * field's problem and the summary: 'Formulaire incomplet' when anything required is missing.
 * Checked once per submitted values: the chart's guard, then the call or the problems, reuse it.
 */
export const toInput = (id: BookingId | null, values: BookingFormValues): Checked => {
  const known = checked.get(values)
  if (known !== undefined && known.id === id) return known.result
  const result = check(id, values)
  checked.set(values, { id, result })
  return result
}

/** The first machine of the sequence: the one the PUT is addressed to. */
export const pathMachine = (values: BookingFormValues) =>
  values.resources.find((r) => r.kind === "machine")?.id

/** The values once another structure is picked: its own machines stay, employees and fields go, the booking is for me again. */
export const forCluster = (
  values: BookingFormValues,
  cluster: ClusterId,
  machines: ReadonlyArray<MachineSummary>,
  me: UserId | null,
): BookingFormValues => {
  const inCluster = new Set(machines.filter((m) => m.cluster.id === cluster).map((m) => m.id as string))
  return {
    ...values,
    resources: values.resources.filter((r) => r.kind === "machine" && inCluster.has(r.id)),
    fields: [],
    user: me,
  }
}
