import { Schema } from "effect"
import { FieldId } from "./ids"
import type { MessageCode } from "./messages"

const code = (c: MessageCode) => ({ message: () => c })

/** Sentinel-2's first full year of Level-2A images, the first season one may ask for. */
export const firstSeason = 2017

/** `?year=` a season (a calendar year) from 2017 to the current one. */
export const SeasonQuery = Schema.Struct({
  year: Schema.NumberFromString.pipe(
    Schema.int(code("badRequest")),
    Schema.filter((y) => (y >= firstSeason && y <= new Date().getUTCFullYear()) || "outOfRange"),
  ),
})
export type SeasonQuery = typeof SeasonQuery.Type

/**
 * One interval of the season (5 days) as the provider measured it over the field: the NDVI's mean,
 * spread and extremes over the field's clear pixels. `ndvi` is null when too few of its pixels were
 * clear (clouds, their shadows, snow) or the provider could not compute it: no value is made up.
 */
export const VegetationInterval = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  ndvi: Schema.NullOr(Schema.Number),
  min: Schema.NullOr(Schema.Number),
  max: Schema.NullOr(Schema.Number),
  stDev: Schema.NullOr(Schema.Number),
  /** The share of the field's pixels that were clear, 0 to 1. */
  clear: Schema.Number,
})
export type VegetationInterval = typeof VegetationInterval.Type

/**
 * Where a field's season stands: `ready` (fetched), `pending` (being fetched, or refreshed: what was
 * fetched before is shown meanwhile; `problem` says why a try failed and will be tried again),
 * `failed` (the provider refused or stayed unreachable: `problem` says why).
 */
export const VegetationStatus = Schema.Literal("ready", "pending", "failed")
export type VegetationStatus = typeof VegetationStatus.Type

/** What went wrong with the provider, as a message code (translated by the screen). */
export const VegetationProblem = Schema.Literal(
  "vegetationRefused",
  "vegetationRateLimited",
  "vegetationUnavailable",
  "vegetationRejected",
)
export type VegetationProblem = typeof VegetationProblem.Type

/** A field's NDVI over one season. */
export const FieldVegetation = Schema.Struct({
  fieldId: FieldId,
  year: Schema.Int,
  status: VegetationStatus,
  problem: Schema.NullOr(VegetationProblem),
  /** When the provider last answered (ISO instant), null before the first answer. */
  fetchedAt: Schema.NullOr(Schema.String),
  intervals: Schema.Array(VegetationInterval),
})
export type FieldVegetation = typeof FieldVegetation.Type

/** The last clear value of a field's season, for the map. */
export const LatestVegetation = Schema.Struct({
  fieldId: FieldId,
  /** The last day of the interval it was measured in. */
  day: Schema.String,
  ndvi: Schema.Number,
})
export type LatestVegetation = typeof LatestVegetation.Type
