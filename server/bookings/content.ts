import type { BookingWrite, StoredBooking } from "./model"

/** JSON with keys sorted (jsonb gives keys back in its own order). */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(",")}]`
    : v !== null && typeof v === "object"
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
          .join(",")}}`
      : JSON.stringify(v)

/** Whether a write would store what the booking already holds (a retried PUT changes nothing). */
export const sameContent = (b: StoredBooking, w: BookingWrite) =>
  b.user.id === w.user &&
  b.start.getTime() === w.start.getTime() &&
  b.end.getTime() === w.end.getTime() &&
  b.comments === w.comments &&
  canonical(b.location) === canonical(w.location) &&
  canonical(b.geometry) === canonical(w.geometry) &&
  (b.productType?.id ?? null) === w.productType &&
  b.fields.length === w.fields.length &&
  b.fields.every((f, i) => f.id === w.fields[i]) &&
  b.resources.length === w.resources.length &&
  b.resources.every((r, i) => r.kind === w.resources[i].kind && r.id === w.resources[i].id)
