/**
 * The client's text files go out compressed when the browser accepts it: brotli, else gzip. The
 * build writes each one beside the file (`x.js.br`, `x.js.gz`, vite.config.ts), so the server only
 * picks: on a phone in a field on a weak network, a first visit travels at about a quarter of its size.
 */

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
