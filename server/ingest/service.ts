import { promisify } from "node:util"
import { gunzip } from "node:zlib"
import { Effect, Redacted } from "effect"
import {
  BadRequest,
  Forbidden,
  PayloadTooLarge,
  Unauthorized,
  UnsupportedMediaType,
} from "../../src/schema/errors"
import type { MessageCode } from "../../src/schema/messages"
import { type FixRefusalReason, IngestAnswer } from "../../src/schema/telemetry"
import { LiveAnnounce } from "../telemetry/live"
import { fromJson, fromQuery, type OsmandReport } from "./osmand"
import { type BoxRow, IngestRepo, type StoreResult } from "./repository"
import { hashSecret } from "./secrets"
import { checkFixes, maxFixesPerBatch } from "./validate"

const gunzipAsync = promisify(gunzip)

/** The largest upload as sent (compressed or not), and once decompressed. */
export const maxUploadBytes = 32 * 1024 * 1024
export const maxDecompressedBytes = 32 * 1024 * 1024

/** What a secret looks like (server/ingest/secrets.ts): anything else is refused without a query. */
const secretShape = /^[A-Za-z0-9_-]{43}$/

/** The message of a single fix's refusal (a live fix, an OsmAnd report). */
export const refusalCodes: Record<FixRefusalReason, MessageCode> = {
  malformed: "fixMalformed",
  latitudeOutOfRange: "fixLatitudeOutOfRange",
  longitudeOutOfRange: "fixLongitudeOutOfRange",
  timeInFuture: "fixTimeInFuture",
  timeBeforeBox: "fixTimeBeforeBox",
  notANumber: "fixNotANumber",
}

const isJsonType = (contentType: string | undefined) => {
  if (contentType === undefined) return true
  const media = contentType.split(";")[0].trim().toLowerCase()
  return media === "application/json" || (media.startsWith("application/") && media.endsWith("+json"))
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** A box as a request's secret designates it, with that secret's hash (the storing statements' guard). */
export interface KnownBox extends BoxRow {
  readonly secretHash: string
}

/**
 * How many boxes' secrets are remembered once looked up (a fleet of 10,000 boxes fits): a box's
 * next upload then costs one statement, not two. Remembering a secret grants nothing by itself:
 * each statement that stores checks it again (server/ingest/repository.ts), and a secret found
 * rotated or its box removed is forgotten at once and answered 401.
 */
const rememberedBoxes = 10_000

/** The raw request an upload is read from (headers as Node lower-cases them). */
export interface RawUpload {
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: Effect.Effect<Uint8Array>
}

/**
 * The ingest: boxes authenticate with their secret; uploads are checked fix by fix and what passes
 * is stored at once, idempotently; live fixes; phones speaking OsmAnd.
 */
export class Ingest extends Effect.Service<Ingest>()("Ingest", {
  effect: Effect.gen(function* () {
    const repo = yield* IngestRepo
    const live = yield* LiveAnnounce

    // The boxes seen lately, by their secret's hash, the most recently used last.
    const remembered = new Map<string, KnownBox>()
    const remember = (box: KnownBox) => {
      remembered.delete(box.secretHash)
      if (remembered.size >= rememberedBoxes) remembered.delete(remembered.keys().next().value as string)
      remembered.set(box.secretHash, box)
    }

    const boxBySecret = (secret: string): Effect.Effect<KnownBox, Unauthorized> => {
      if (!secretShape.test(secret)) return Effect.fail(Unauthorized.of("boxSecretInvalid"))
      const hash = hashSecret(secret)
      const seen = remembered.get(hash)
      if (seen !== undefined) return Effect.succeed(seen)
      return Effect.flatMap(repo.boxBySecret(hash), (row) => {
        if (row === undefined) return Effect.fail(Unauthorized.of("boxSecretInvalid"))
        const box: KnownBox = { ...row, secretHash: hash }
        remember(box)
        return Effect.succeed(box)
      })
    }

    /** What a storing statement answered: a secret that no longer holds is forgotten, and 401. */
    const held = (box: KnownBox, result: StoreResult): Effect.Effect<number, Unauthorized> => {
      if (result.authorized) return Effect.succeed(result.n)
      if (remembered.get(box.secretHash) === box) remembered.delete(box.secretHash)
      return Effect.fail(Unauthorized.of("boxSecretInvalid"))
    }
    const targetOf = (box: KnownBox) => ({
      counterId: box.id,
      sourceId: box.source_id,
      secretHash: box.secretHash,
    })

    /** The upload's JSON text: decompressed when gzip, within the bound. */
    const readText = (upload: RawUpload) =>
      Effect.gen(function* () {
        if (!isJsonType(upload.headers["content-type"])) return yield* Effect.fail(UnsupportedMediaType.of())
        const encoding = (upload.headers["content-encoding"] ?? "identity").trim().toLowerCase()
        if (encoding !== "identity" && encoding !== "gzip" && encoding !== "x-gzip")
          return yield* Effect.fail(UnsupportedMediaType.of("unsupportedEncoding"))
        const raw = yield* upload.body
        if (encoding === "identity")
          return Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString("utf8")
        const inflated = yield* Effect.tryPromise({
          try: () => gunzipAsync(raw, { maxOutputLength: maxDecompressedBytes }),
          catch: (e) =>
            (e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" || e instanceof RangeError
              ? PayloadTooLarge.of()
              : BadRequest.of("badRequest"),
        })
        return inflated.toString("utf8")
      })

    return {
      /** The box a `Bearer` secret designates (401 when none). */
      authenticate: (secret: Redacted.Redacted<string>) =>
        boxBySecret(Redacted.value(secret).trim()).pipe(Effect.withSpan("Ingest.authenticate")),

      /** An upload of fixes from `box` to the path's `counterId` (another box's id: 403, nothing stored). */
      upload: Effect.fn("Ingest.upload")(function* (counterId: string, box: KnownBox, upload: RawUpload) {
        if (counterId !== box.id) return yield* Effect.fail(Forbidden.of("boxMismatch"))
        const body = parseJson(yield* readText(upload))
        const fixes = (body as { fixes?: unknown } | null)?.fixes
        if (body === null || typeof body !== "object" || !Array.isArray(fixes))
          return yield* Effect.fail(BadRequest.of("badRequest"))
        if (fixes.length > maxFixesPerBatch) return yield* Effect.fail(PayloadTooLarge.of("batchTooLarge"))
        const checked = checkFixes(fixes, box.since_ms, Date.now())
        const stored = yield* Effect.flatMap(repo.store(targetOf(box), checked), (r) => held(box, r))
        const c = checked.columns
        const i = checked.latest
        // The batch's newest fix, to the streams of those who follow the machine live.
        if (stored > 0 && i !== null)
          yield* live.announce(box.id, {
            at: c.at[i],
            lng: c.lng[i],
            lat: c.lat[i],
            spd: c.spd[i],
            hdg: c.hdg[i],
          })
        return new IngestAnswer({
          new: stored,
          known: checked.columns.at.length - stored,
          refused: checked.refused,
        })
      }),

      /** The box's latest fix, posted while it moves: kept when newer than the one held. */
      live: Effect.fn("Ingest.live")(function* (counterId: string, box: KnownBox, fix: unknown) {
        if (counterId !== box.id) return yield* Effect.fail(Forbidden.of("boxMismatch"))
        yield* liveFix(box, fix)
      }),

      /** One OsmAnd report (either form): the phone is the box whose secret is the device id. */
      osmand: Effect.fn("Ingest.osmand")(function* (report: OsmandReport) {
        const box = yield* boxBySecret((report.deviceId ?? "").trim())
        const checked = checkFixes([report.fix], box.since_ms, Date.now())
        if (checked.refused.length > 0)
          return yield* Effect.fail(BadRequest.of(refusalCodes[checked.refused[0].reason]))
        // A phone sends each fix once, as it takes it: it is the record and the live position at once.
        yield* Effect.flatMap(repo.store(targetOf(box), checked), (r) => held(box, r))
        yield* liveFix(box, report.fix)
      }),

      /** The OsmAnd report a request carries: the query string, else a form or JSON body. */
      osmandReport: (url: string, upload: RawUpload) =>
        Effect.gen(function* () {
          const now = Date.now()
          const query = new URL(url, "http://sillon.invalid").searchParams
          if ([...query.keys()].length > 0) return fromQuery(query, now)
          const text = Buffer.from(yield* upload.body).toString("utf8")
          const type = (upload.headers["content-type"] ?? "").toLowerCase()
          if (type.includes("x-www-form-urlencoded")) return fromQuery(new URLSearchParams(text), now)
          const report = fromJson(parseJson(text))
          return report ?? (yield* Effect.fail(BadRequest.of("badRequest")))
        }),
    }

    function liveFix(box: KnownBox, fix: unknown) {
      return Effect.gen(function* () {
        const checked = checkFixes([fix], box.since_ms, Date.now())
        if (checked.refused.length > 0)
          return yield* Effect.fail(BadRequest.of(refusalCodes[checked.refused[0].reason]))
        const c = checked.columns
        const kept = { at: c.at[0], lng: c.lng[0], lat: c.lat[0], spd: c.spd[0], hdg: c.hdg[0] }
        const result = yield* repo.live(targetOf(box), kept, checked.battery)
        if ((yield* held(box, result)) > 0) yield* live.announce(box.id, kept)
      })
    }
  }),
  dependencies: [IngestRepo.Default, LiveAnnounce.Default],
}) {}
