import { readFile, stat } from "node:fs/promises"
import { extname, join, normalize, resolve, sep } from "node:path"
import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { NotFound } from "../../src/schema/errors"
import { Config } from "../config"
import { acceptedEncodings, type Encoding, encodedFile, mayBeEncoded } from "./compression"

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".map": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
  ".txt": "text/plain; charset=utf-8",
}

/** Vite puts content-hashed files under /assets: they never change. Everything else must be revalidated. */
const cacheControl = (path: string) =>
  path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache"

const readIfFile = (file: string) =>
  Effect.promise(() =>
    stat(file)
      .then((s) => (s.isFile() ? readFile(file) : undefined))
      .catch(() => undefined),
  )

const safeDecode = (path: string) => {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}

const notBuilt = HttpServerResponse.text(
  "The Sillon client is not built: run `npm run build`, then restart. The API answers under /api.\n",
  { status: 503, headers: { "cache-control": "no-cache" } },
)

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/**
 * The page with the settings the client reads at start (`<meta name="sillon-…">`): today the
 * maps' style when MAP_STYLE_URL names one. Sent as it is then (its compressed forms are the
 * build's, without the setting).
 */
const withSettings = (index: Uint8Array, mapStyleUrl: string) =>
  new TextEncoder().encode(
    new TextDecoder()
      .decode(index)
      .replace(
        "</head>",
        `<meta name="sillon-map-style" content="${escapeAttribute(mapStyleUrl)}" />\n</head>`,
      ),
  )

/** The built client from `distDir`, with the SPA fallback to index.html; unknown /api paths answer 404 JSON. */
export const StaticLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const config = yield* Config
    const root = resolve(config.distDir)
    const contentTypeOf = (path: string) => contentTypes[extname(path)] ?? "application/octet-stream"
    /** `file` as the request accepts it: its brotli or gzip sibling from the build when there is one. */
    const send = (
      request: HttpServerRequest.HttpServerRequest,
      path: string,
      file: string,
      data: Uint8Array,
    ) =>
      Effect.gen(function* () {
        const contentType = contentTypeOf(path)
        const headers: Record<string, string> = { "cache-control": cacheControl(path) }
        if (!mayBeEncoded(contentType)) return HttpServerResponse.uint8Array(data, { contentType, headers })
        headers.vary = "accept-encoding"
        let encoded: { readonly encoding: Encoding; readonly data: Uint8Array } | undefined
        for (const encoding of acceptedEncodings(request.headers["accept-encoding"])) {
          const sibling = yield* readIfFile(encodedFile(file, encoding))
          if (sibling) {
            encoded = { encoding, data: sibling }
            break
          }
        }
        if (encoded) headers["content-encoding"] = encoded.encoding
        return HttpServerResponse.uint8Array(encoded?.data ?? data, { contentType, headers })
      })
    // "/api/*" does not match "/api" (nor "/api/", the same route here): without it they got the client page.
    yield* router.all("/api", Effect.fail(NotFound.of()))
    yield* router.all("/api/*", Effect.fail(NotFound.of()))
    yield* router.get(
      "/*",
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const path = safeDecode(new URL(request.url, "http://x").pathname)
        const file = normalize(join(root, path))
        if (
          file.startsWith(root + sep) &&
          !path.endsWith("/") &&
          !(config.mapStyleUrl && path === "/index.html")
        ) {
          const data = yield* readIfFile(file)
          if (data) return yield* send(request, path, file, data)
        }
        if (path.startsWith("/assets/")) return HttpServerResponse.empty({ status: 404 })
        const indexFile = join(root, "index.html")
        const index = yield* readIfFile(indexFile)
        if (index && config.mapStyleUrl)
          return HttpServerResponse.uint8Array(withSettings(index, config.mapStyleUrl), {
            contentType: contentTypeOf("/index.html"),
            headers: { "cache-control": cacheControl("/index.html") },
          })
        return index ? yield* send(request, "/index.html", indexFile, index) : notBuilt
      }),
    )
  }),
)
