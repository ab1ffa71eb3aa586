/**
 * The client's text files go out compressed when the browser accepts it: brotli, else gzip. The
 * build writes each one beside the file (`x.js.br`, `x.js.gz`, vite.config.ts), so the server only
 * picks: on a phone in a field on a weak network, a first visit travels at about a quarter of its size.
 */
import { promisify } from "node:util"
import { gzip } from "node:zlib"
import { HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"

export type Encoding = "br" | "gzip"

/** Text types the build may have compressed (images and fonts are compressed already). */
const compressible = /^(?:text\/|application\/(?:javascript|json|manifest\+json|wasm)|image\/svg\+xml)/
export const mayBeEncoded = (contentType: string) => compressible.test(contentType)

/**
 * The encodings a request accepts, best first, from `Accept-Encoding` (RFC 9110 §12.5.3): brotli,
 * then gzip. A coding with `q=0` is refused; `*` accepts both unless one is named with `q=0`.
 */
export const acceptedEncodings = (header: string | undefined): ReadonlyArray<Encoding> => {
  if (header === undefined) return []
  const weights = new Map<string, number>()
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((s) => s.trim().toLowerCase())
    if (name === "") continue
    const q = params.find((p) => p.startsWith("q="))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const accepted = (name: Encoding) => (weights.get(name) ?? weights.get("*") ?? 0) > 0
  return (["br", "gzip"] as const).filter(accepted)
}

/** The file beside `file` holding it in `encoding`. */
export const encodedFile = (file: string, encoding: Encoding) => `${file}.${encoding === "br" ? "br" : "gz"}`

const gzipped = promisify(gzip)

/**
 * A large JSON answer, gzipped when the request accepts it (off the event loop, in zlib's
 * threads; brotli compresses a little better but costs several times the time at this size).
 */
export const compressedJson = (
  body: string,
  acceptEncoding: string | undefined,
  headers: Record<string, string>,
) =>
  acceptedEncodings(acceptEncoding).includes("gzip") && body.length > 1024
    ? Effect.map(
        Effect.promise(() => gzipped(body, { level: 4 })),
        (bytes) =>
          HttpServerResponse.uint8Array(bytes, {
            contentType: "application/json",
            headers: { ...headers, "content-encoding": "gzip", vary: "accept-encoding" },
          }),
      )
    : Effect.succeed(HttpServerResponse.text(body, { contentType: "application/json", headers }))

/** The tag an `If-None-Match` header names (one strong or weak tag; a list or `*` names none we keep). */
export const knownTag = (header: string | undefined) => {
  const match = header?.trim().match(/^(?:W\/)?"([0-9a-f]{32})"$/)
  return match?.[1]
}
