import { Effect, Schema } from "effect"
import { FieldIndex } from "../schema/field"
import { keptIndexCache } from "./keptIndexName"

/**
 * The last fields' index this browser received, kept in the Cache Storage (3 MB at 30,000 fields:
 * too much for localStorage) so that FieldsMain shows at once on a return visit: the server only
 * confirms it (304) or sends the new one. One copy: the tag is the caller's own, so a copy left by
 * another person is never confirmed. Signing out deletes it. Where Cache Storage is missing or
 * refuses (private windows), nothing is kept and every visit downloads the index.
 */
const key = "/kept/fields-index"

const store = () =>
  globalThis.caches ? globalThis.caches.open(keptIndexCache) : Promise.reject(new Error("none"))

/** The kept index, if any and still of the shape this version of the app reads. */
export const readKeptIndex = Effect.promise(() =>
  store()
    .then((cache) => cache.match(key))
    .then((answer) => answer?.json())
    .then((kept: unknown) => Schema.decodeUnknownOption(FieldIndex)(kept))
    .catch(() => Schema.decodeUnknownOption(FieldIndex)(undefined)),
)

/** Keeps `index` for the next visit (failures ignored: the next visit downloads it). */
export const keepIndex = (index: FieldIndex) =>
  Effect.promise(() =>
    store()
      .then((cache) =>
        cache.put(
          key,
          new Response(JSON.stringify(index), { headers: { "content-type": "application/json" } }),
        ),
      )
      .catch(() => undefined),
  )
