import { Effect, Schema } from "effect"
import { NotConfigured, NotFound } from "../../src/schema/errors"
import { FieldId } from "../../src/schema/ids"
import { CurrentUser } from "../../src/schema/middleware"
import type { FieldVegetation, LatestVegetation } from "../../src/schema/vegetation"
import { Config } from "../config"
import { FieldsRepo } from "../fields/repository"
import { Jobs } from "../jobs/jobs"
import { VegetationRepo } from "./repository"
import { type ProviderFailure, SentinelHub } from "./sentinelHub"

/** The job that fetches one field's season; `tries` counts the rate limits and outages met so far. */
const VegetationPayload = Schema.Struct({ fieldId: FieldId, year: Schema.Int, tries: Schema.Int })
type VegetationPayload = typeof VegetationPayload.Type

/** Rate limits and outages are tried again this many times in all, the pause doubling, then the season is `failed`. */
export const maxTries = 6

export const vegetationJob = {
  kind: "vegetation",
  // Its own retries (a rate limit says when to come back) are new jobs; the queue's are for faults.
  options: { maxAttempts: 3, backoff: "30 seconds", lease: "3 minutes" },
} as const

/** The season's time range: its first day to the end of its last (today, for the current season). */
export const seasonRange = (year: number, now = new Date()) => {
  const end = new Date(Date.UTC(year + 1, 0, 1))
  const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
  return {
    from: `${year}-01-01T00:00:00Z`,
    to: (tomorrow < end ? tomorrow : end).toISOString().replace(".000Z", "Z"),
  }
}

/**
 * The vegetation index (SPEC §2 FieldsVegetationIndex): a field's NDVI over a season, fetched from
 * the provider by the `vegetation` job when a person asks for a season nothing fresh is stored of
 * (docs/operations.md#vegetation-index), and the last value of each field for the map. Who may read
 * it: whoever sees the field.
 */
export class Vegetation extends Effect.Service<Vegetation>()("Vegetation", {
  effect: Effect.gen(function* () {
    const config = yield* Config
    const repo = yield* VegetationRepo
    const fields = yield* FieldsRepo
    const provider = yield* SentinelHub
    const jobs = yield* Jobs

    const configured = Effect.suspend(() =>
      provider.missing.length === 0
        ? Effect.void
        : Effect.fail(NotConfigured.of("vegetationNotConfigured", provider.missing)),
    )

    /** Tries again later (what the provider asked, or a doubling pause), or gives up. */
    const failed = (job: VegetationPayload, failure: ProviderFailure) =>
      Effect.gen(function* () {
        yield* Effect.logWarning(
          `Vegetation index of field ${job.fieldId} (${job.year}), try ${job.tries + 1}: ${failure.detail}`,
        )
        if (failure.retry && job.tries + 1 < maxTries) {
          const pause = failure.afterMillis ?? config.vegetation.retryBaseMillis * 2 ** job.tries
          yield* repo.problem(job.fieldId, job.year, "pending", failure.problem)
          yield* jobs
            .enqueue(
              vegetationJob.kind,
              { ...job, tries: job.tries + 1 },
              { runAt: new Date(Date.now() + pause) },
            )
            .pipe(Effect.orDie)
        } else yield* repo.problem(job.fieldId, job.year, "failed", failure.problem)
      })

    const fetchSeason = (job: VegetationPayload) =>
      Effect.gen(function* () {
        const outline = yield* repo.outline(job.fieldId)
        if (outline === undefined) return // the field is gone, and its seasons with it
        const { from, to } = seasonRange(job.year)
        yield* provider
          .statistics({ epsg: outline.epsg, geometry: JSON.parse(outline.geometry) }, from, to)
          .pipe(
            Effect.matchEffect({
              onFailure: (failure) => failed(job, failure),
              onSuccess: (measured) => repo.store(job.fieldId, job.year, measured),
            }),
          )
      })

    yield* jobs.register(
      vegetationJob.kind,
      (payload) => Effect.flatMap(Schema.decodeUnknown(VegetationPayload)(payload), fetchSeason),
      vegetationJob.options,
    )

    return {
      season: Effect.fn("Vegetation.season")(function* (id: FieldId, year: number) {
        const { id: me } = yield* CurrentUser
        if (!(yield* fields.get(me, id))) return yield* Effect.fail(NotFound.of())
        yield* configured
        if (yield* repo.request(id, year))
          yield* jobs.enqueue(vegetationJob.kind, { fieldId: id, year, tries: 0 }).pipe(Effect.orDie)
        const season = yield* repo.season(id, year)
        const intervals = yield* repo.intervals(id, year)
        return {
          fieldId: id,
          year,
          status: season?.status ?? "pending",
          problem: season?.problem ?? null,
          fetchedAt: season?.fetched_at ?? null,
          intervals: intervals.map((i) => ({
            from: i.from,
            to: i.to,
            ndvi: i.ndvi,
            min: i.min,
            max: i.max,
            stDev: i.st_dev,
            clear: i.clear,
          })),
        } satisfies FieldVegetation
      }),
      latest: Effect.fn("Vegetation.latest")(function* (year: number) {
        const { id: me } = yield* CurrentUser
        yield* configured
        return (yield* repo.latest(me, year)).map(
          (r): LatestVegetation => ({ fieldId: FieldId.make(r.field_id), day: r.day, ndvi: r.ndvi }),
        )
      }),
    }
  }),
  dependencies: [VegetationRepo.Default, FieldsRepo.Default, SentinelHub.Default],
}) {}
