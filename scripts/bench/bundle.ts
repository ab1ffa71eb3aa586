import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gzipSync } from "node:zlib"
import type { BrowserContext } from "playwright-core"
import { build } from "vite"
import type { Figure } from "./report"

const gzipSize = async (file: string) => gzipSync(await readFile(file), { level: 9 }).length

/** The JS and CSS files a first visit to `path` loads (service worker blocked), by gzip size. */
export const loadedAssets = async (context: BrowserContext, base: string, path: string, distDir: string) => {
  const page = await context.newPage()
  const assets = new Set<string>()
  page.on("response", (res) => {
    const url = new URL(res.url())
    if (url.origin === base && /\.(m?js|css)$/.test(url.pathname)) assets.add(url.pathname)
  })
  await page.goto(`${base}${path}`, { waitUntil: "networkidle" })
  await page.close()
  const sizes = await Promise.all(
    [...assets].map(async (a) => ({ asset: a, gzip: await gzipSize(join(distDir, a)) })),
  )
  return sizes.sort((a, b) => b.gzip - a.gzip)
}

/** A bare React 19 page built by the same Vite in the same run: what any React page costs. */
export const bareReactSize = async (): Promise<number> => {
  const root = await mkdtemp(join(process.cwd(), ".tmp-bench-"))
  try {
    await writeFile(
      join(root, "index.html"),
      '<div id="root"></div><script type="module" src="./main.js"></script>',
    )
    await writeFile(
      join(root, "main.js"),
      'import { createElement } from "react"\nimport { createRoot } from "react-dom/client"\ncreateRoot(document.getElementById("root")).render(createElement("h1", null, "Sillon"))\n',
    )
    const out = await mkdtemp(join(tmpdir(), "sillon-bare-"))
    await build({ root, configFile: false, logLevel: "silent", build: { outDir: out, emptyOutDir: true } })
    const { readdir } = await import("node:fs/promises")
    const files = await readdir(join(out, "assets"))
    const sizes = await Promise.all(files.map((f) => gzipSize(join(out, "assets", f))))
    await rm(out, { recursive: true, force: true })
    return sizes.reduce((a, b) => a + b, 0)
  } finally {
    await rm(root, { recursive: true, force: true })
  }
}

export const sizeFigure = (
  path: string,
  sizes: ReadonlyArray<{ asset: string; gzip: number }>,
  baseline: number,
): Figure => {
  const total = sizes.reduce((a, s) => a + s.gzip, 0)
  const top = sizes
    .slice(0, 3)
    .map((s) => `${s.asset.replace(/^\/assets\//, "")} ${(s.gzip / 1024).toFixed(1)} kB`)
    .join(", ")
  return {
    name: `first visit to ${path}: JS+CSS gzip`,
    value: total / 1024,
    baseline: baseline / 1024,
    unit: "kB",
    baselineName: "bare React 19 page",
    note: `${sizes.length} files; largest: ${top}`,
  }
}
