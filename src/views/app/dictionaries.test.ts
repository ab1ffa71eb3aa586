import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { describe, expect, it } from "vitest"
import { namespaces } from "../../i18n/i18n-util"

/**
 * A route's screens show the texts of the namespaces it declares (`staticData.namespaces`, loaded
 * by the root route before it shows): every namespace a file it imports, at any depth, reads
 * (`LL.<namespace>`) must be declared by the route itself or a layout route above it (`_shell.tsx`
 * for every screen of the shell), or its texts would be empty.
 */
const srcDir = join(process.cwd(), "src")
const routesDir = join(srcDir, "routes")

const resolveImport = (from: string, spec: string): string | null => {
  const base = join(dirname(from), spec)
  for (const file of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx"), base])
    if (existsSync(file) && statSync(file).isFile()) return file
  return null
}

const sources = new Map<string, string>()
const sourceOf = (file: string): string => {
  let source = sources.get(file)
  if (source === undefined) {
    source = readFileSync(file, "utf8")
    sources.set(file, source)
  }
  return source
}

/** The namespaces `file` and everything it imports (statically or not) read. */
const namespacesUsed = (file: string): Set<string> => {
  const used = new Set<string>()
  const seen = new Set<string>()
  const stack = [file]
  while (stack.length > 0) {
    const current = stack.pop() as string
    if (seen.has(current) || current.startsWith(join(srcDir, "i18n"))) continue
    seen.add(current)
    const source = sourceOf(current)
    for (const ns of namespaces) if (new RegExp(`LL\\??\\.${ns}\\b`).test(source)) used.add(ns)
    for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)"(\.[^"]+)"/g)) {
      const target = resolveImport(current, match[1])
      if (target !== null) stack.push(target)
    }
  }
  return used
}

const routeFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routeFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")
        ? [join(dir, entry.name)]
        : [],
  )

const declaredIn = (source: string): Array<string> => {
  const match = source.match(/namespaces:\s*\[([^\]]*)\]/)
  return match ? [...match[1].matchAll(/"(\w+)"/g)].map((m) => m[1]) : []
}

/** What a route declares, with what its layout routes declare (`_shell.tsx` for `_shell/…`): all are loaded. */
const declared = (file: string): Array<string> => {
  const layouts: Array<string> = []
  for (let dir = dirname(file); dir.startsWith(routesDir) && dir !== routesDir; dir = dirname(dir))
    if (existsSync(`${dir}.tsx`)) layouts.push(`${dir}.tsx`)
  return [file, ...layouts].flatMap((f) => declaredIn(sourceOf(f)))
}

describe("route namespaces", () => {
  it("finds the namespaces the screens read", () => {
    expect(namespacesUsed(join(routesDir, "_shell/help.tsx"))).toEqual(
      new Set(["guide", "homePage", "shellMenu"]),
    )
  })

  it.each(routeFiles(routesDir).map((file) => [relative(routesDir, file), file]))(
    "%s declares every namespace its screens read",
    (_, file) => {
      const missing = [...namespacesUsed(file)].filter((ns) => !declared(file).includes(ns))
      expect(missing).toEqual([])
    },
  )
})
