import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { BadRequest, Forbidden, NotFound } from "../../src/schema/errors"
import {
  FieldDetail,
  type FieldInput,
  type FieldQuery,
  type ImportConfirm,
  type ImportFile,
  type ImportPreview,
  type ImportResult,
  type OwnerChange,
  type TileAddress,
} from "../../src/schema/field"
import { ClusterId } from "../../src/schema/ids"
import { serverMessages } from "../../src/schema/messages"
import { CurrentUser } from "../../src/schema/middleware"
import { queueFields } from "../activities/dirty"
import { Config } from "../config"
import { retriedTransaction } from "../db/retry"
import { ImportRefused, type Parsed } from "./import/candidate"
import { parseFile } from "./import/parse"
import { assess, candidateRows, sourceOf } from "./imports"
import { FieldsRepo } from "./repository"
import { toField, toOwner, toOwnership } from "./rows"
import { tileBox, tolerance, vectorTile } from "./tiles"

/** 400 naming the field whose outline PostGIS refuses. */
const invalidOutline = (name: string) =>
  new BadRequest({
    code: "fieldGeometryInvalid",
    message: serverMessages.fieldGeometryInvalid.replace("{name}", name),
  })

/** The file's bytes, read: a refusal of the file as a whole is a 400 saying why. */
const parsedFile = (file: ImportFile) =>
  Effect.tryPromise({
    try: () => parseFile(file.kind, new Uint8Array(Buffer.from(file.content, "base64")), file.filename),
    catch: (error) =>
      error instanceof ImportRefused ? BadRequest.of(error.code) : BadRequest.of("importFormat"),
  })

/**
 * Work areas (SPEC §3 Field): listing and spatial questions, drawing and editing, owners with their
 * history, and imports (preview, then all or nothing). Rights: server/fields/repository.ts.
 */
export class Fields extends Effect.Service<Fields>()("Fields", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* FieldsRepo
    /** The machine-days these fields may change are recomputed (server/activities/dirty.ts). */
    const { activitiesRecomputeDays } = yield* Config
    const recompute = (ids: ReadonlyArray<string>) =>
      queueFields(ids, activitiesRecomputeDays).pipe(Effect.provideService(SqlClient.SqlClient, sql))
    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(effect).pipe(Effect.catchTag("SqlError", Effect.die))

    const visible = (me: string, id: string) =>
      Effect.flatMap(repo.get(me, id), (row) => (row ? Effect.succeed(row) : Effect.fail(NotFound.of())))

    const detail = (me: string, id: string, anyOwner = false) =>
      Effect.gen(function* () {
        const row = anyOwner
          ? yield* Effect.flatMap(repo.get(me, id, true), (r) =>
              r ? Effect.succeed(r) : Effect.fail(NotFound.of()),
            )
          : yield* visible(me, id)
        const owners = yield* repo.owners(id)
        const structures = yield* repo.sharedStructures(me, row.owner_id)
        return FieldDetail.make({
          field: toField(row),
          owners: owners.map(toOwnership),
          structures: structures.map((s) => ({ id: ClusterId.make(s.id), name: s.name })),
        })
      })

    /** The owner of what the caller creates or imports: themselves, or one they act for. */
    const ownerFor = (me: string, owner: string | undefined) =>
      Effect.gen(function* () {
        const chosen = owner ?? me
        if (!(yield* repo.manages(me, chosen))) return yield* Effect.fail(Forbidden.of())
        return chosen
      })

    /** The field's row locked, when the caller manages it: 404 when they do not see it, 403 when they only see it. */
    const lockManaged = (me: string, id: string) =>
      Effect.gen(function* () {
        const existing = yield* repo.lock(id)
        if (!existing || !(yield* repo.get(me, id))) return yield* Effect.fail(NotFound.of())
        if (!(yield* repo.manages(me, existing.owner_id))) return yield* Effect.fail(Forbidden.of())
        return existing
      })

    return {
      list: Effect.fn("Fields.list")(function* (query: FieldQuery) {
        const { id: me } = yield* CurrentUser
        return (yield* repo.list(me, query)).map(toField)
      }),
      /**
       * FieldsMain's index of every field the caller sees, as JSON text (FieldIndex), with its tag;
       * `body` is null when the caller already holds the answer of that tag (`known`).
       */
      index: Effect.fn("Fields.index")(function* (known: string | undefined) {
        const { id: me } = yield* CurrentUser
        const tag = yield* repo.indexTag(me)
        if (known !== undefined && known === tag) return { tag, body: null }
        return { tag, body: yield* repo.index(me) }
      }),
      /** A vector tile of the fields the caller sees, and nothing of others'. */
      tile: Effect.fn("Fields.tile")(function* (address: TileAddress) {
        const { id: me } = yield* CurrentUser
        return vectorTile(yield* repo.inBox(me, tileBox(address), tolerance(address)), address)
      }),
      get: Effect.fn("Fields.get")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        return yield* detail(me, id)
      }),
      /** Creates the field `id` or edits its name, outline and crop; the same PUT again changes nothing. */
      put: Effect.fn("Fields.put")(function* (id: string, input: FieldInput) {
        const { id: me } = yield* CurrentUser
        const check = yield* repo.check(input.geometry)
        if (!check.valid || check.area_ha === null || check.area_ha <= 0)
          return yield* Effect.fail(invalidOutline(input.name))
        yield* transaction(
          Effect.gen(function* () {
            if (yield* repo.lock(id)) {
              yield* lockManaged(me, id)
              // The days the outline as it was touched, then those it now touches.
              yield* recompute([id])
              yield* repo.update(id, input)
            } else {
              const owner = yield* ownerFor(me, input.owner)
              yield* repo.insert({ ...input, id, owner, createdBy: me })
            }
            yield* recompute([id])
          }),
        )
        return yield* detail(me, id)
      }),
      /** A new owner from a day on: the history keeps who held it before, and until when. */
      changeOwner: Effect.fn("Fields.changeOwner")(function* (id: string, change: OwnerChange) {
        const { id: me } = yield* CurrentUser
        yield* transaction(
          Effect.gen(function* () {
            const existing = yield* lockManaged(me, id)
            if (change.owner === existing.owner_id) return
            if (!(yield* repo.mayHandTo(me, change.owner)))
              return yield* Effect.fail(Forbidden.of("associationNotAllowed"))
            if (change.since <= existing.owned_since)
              return yield* Effect.fail(BadRequest.of("ownedSinceTooEarly"))
            yield* recompute([id])
            yield* repo.changeOwner(id, change.owner, change.since)
            yield* recompute([id])
          }),
        )
        // As it now stands, even when the former owner no longer sees it.
        return yield* detail(me, id, true)
      }),
      /** Who the caller may give the field to, when they manage it (its owner now left out). */
      ownerCandidates: Effect.fn("Fields.ownerCandidates")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        const field = yield* visible(me, id)
        if (!field.manages) return yield* Effect.fail(Forbidden.of())
        return (yield* repo.handTo(me, field.owner_id)).map(toOwner)
      }),
      remove: Effect.fn("Fields.remove")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        yield* transaction(
          Effect.gen(function* () {
            yield* lockManaged(me, id)
            yield* recompute([id])
            yield* repo.remove(id)
          }),
        )
      }),
      /** What a file holds and what importing it would do; nothing is written. */
      preview: Effect.fn("Fields.preview")(function* (file: ImportFile) {
        const { id: me } = yield* CurrentUser
        const owner = yield* ownerFor(me, file.owner)
        const parsed = yield* parsedFile(file)
        const candidates = yield* assess(sql, parsed, owner)
        return { format: parsed.format, candidates, skipped: parsed.skipped } satisfies ImportPreview
      }),
      /** The chosen candidates of the file saved, all in one transaction, or nothing. */
      confirm: Effect.fn("Fields.confirm")(function* (request: ImportConfirm) {
        const { id: me } = yield* CurrentUser
        const owner = yield* ownerFor(me, request.owner)
        const parsed: Parsed = yield* parsedFile(request)
        return yield* transaction(
          Effect.gen(function* () {
            // Under the owner's lock, so two imports of the same file never both create.
            yield* sql`SELECT id FROM users WHERE id = ${owner} FOR UPDATE`.pipe(Effect.orDie)
            const candidates = yield* assess(sql, parsed, owner)
            const chosen = [...new Set(request.keys)].map((key) => candidates.find((c) => c.key === key))
            if (chosen.some((c) => c === undefined)) return yield* Effect.fail(BadRequest.of("importChanged"))
            const refused = chosen.find((c) => c?.action === "refused")
            if (refused) return yield* Effect.fail(invalidOutline(refused.name))
            const rows = chosen.flatMap((c) => (c && c.action !== "unchanged" ? [c] : []))
            if (rows.length > 0) {
              const decided = rows.map((c) => ({
                key: c.key,
                id: c.match?.id ?? crypto.randomUUID(),
                update: c.action === "update",
              }))
              const decisions = JSON.stringify(decided)
              const picked = rows.flatMap((c) => {
                const candidate = parsed.candidates[c.key]
                return candidate ? [[c.key, candidate] as const] : []
              })
              // The chosen parcels with what to do with each, their outlines as the preview checked them.
              // The days the updated outlines touched as they were (the new ones after the writes).
              yield* recompute(decided.filter((d) => d.update).map((d) => d.id))
              const chosenRows = sql`SELECT c.*, d.id, d.update FROM (${candidateRows(sql, picked)}) AS c
                JOIN jsonb_to_recordset(${decisions}::jsonb) AS d(key int, id uuid, update boolean) USING (key)`
              yield* sql`WITH r AS (${chosenRows})
                UPDATE fields f SET name = r.name, geom = r.g, area_ha = field_area_ha(r.g), crop = r.crop,
                  pac_campaign = r.campaign, pac_pacage = r.pacage, pac_island = r.island, pac_parcel = r.parcel,
                  declared_area_ha = r.declared, updated_at = now()
                FROM r WHERE r.update AND f.id = r.id AND f.owner_id = ${owner}`.pipe(Effect.orDie)
              yield* sql`WITH r AS (${chosenRows} WHERE NOT d.update), inserted AS (
                  INSERT INTO fields (id, owner_id, owned_since, name, geom, area_ha, crop, pac_campaign, pac_pacage,
                    pac_island, pac_parcel, declared_area_ha, source, created_by)
                  SELECT r.id, ${owner}, COALESCE(${request.ownedSince ?? null}::date, CURRENT_DATE), r.name,
                    r.g, field_area_ha(r.g), r.crop, r.campaign, r.pacage, r.island, r.parcel, r.declared,
                    ${sourceOf(parsed.format)}, ${me}
                  FROM r RETURNING id, owner_id, owned_since
                )
                INSERT INTO field_owners (field_id, owner_id, since) SELECT id, owner_id, owned_since FROM inserted`.pipe(
                Effect.orDie,
              )
              yield* recompute(decided.map((d) => d.id))
            }
            return {
              created: rows.filter((c) => c.action === "create").length,
              updated: rows.filter((c) => c.action === "update").length,
              unchanged: chosen.filter((c) => c?.action === "unchanged").length,
            } satisfies ImportResult
          }),
        )
      }),
    }
  }),
  dependencies: [FieldsRepo.Default],
}) {}
