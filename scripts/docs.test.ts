// Size: the checks of the documentation stay in one file, with the small engines-range reader only they use.
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, normalize } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * The documentation holds: every relative link resolves (file and heading), every repository path
 * it names exists, the README starts with the two commands and lists every variable the server
 * reads, and the Node engine warnings npm prints are exactly the ones docs/operations.md explains.
 */
const read = (path: string) => readFileSync(path, "utf8")
const pages = [
  "README.md",
  "server/README.md",
  ...readdirSync("docs")
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
]

const withoutFences = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "")

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
const anchorsOf = (text: string) => {
  const seen = new Map<string, number>()
  return withoutFences(text)
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => {
      const base = line
        .replace(/^#+ /, "")
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, "")
        .replace(/\s/g, "-")
      const n = seen.get(base) ?? 0
      seen.set(base, n + 1)
      return n === 0 ? base : `${base}-${n}`
    })
}

const linksOf = (text: string) =>
  [
    ...withoutFences(text)
      .replace(/`[^`\n]*`/g, "code")
      .matchAll(/\]\(([^)\s]+)\)/g),
  ].map((m) => m[1] as string)

describe("the documentation's links", () => {
  it.each(pages)("%s: every relative link reaches an existing file and heading", (page) => {
    const broken = linksOf(read(page)).flatMap((link) => {
      if (/^[a-z]+:/.test(link)) return []
      const [path = "", anchor] = link.split("#")
      const target = path === "" ? page : normalize(join(dirname(page), path))
      if (!existsSync(target)) return [`${link}: no ${target}`]
      if (anchor === undefined || !target.endsWith(".md")) return []
      return anchorsOf(read(target)).includes(anchor) ? [] : [`${link}: no heading #${anchor} in ${target}`]
    })
    expect(broken).toEqual([])
  })

  it.each(pages)("%s: every repository path it names exists", (page) => {
    const named = [
      ...withoutFences(read(page)).matchAll(/`((?:src|server|scripts|test|docs|\.ci)\/[\w./-]*)`/g),
    ]
    const missing = named.map((m) => m[1] as string).filter((path) => !existsSync(path))
    expect(missing).toEqual([])
  })
})

describe("the README", () => {
  const readme = read("README.md")
  const scripts = JSON.parse(read("package.json")).scripts as Record<string, string>

  it("starts with the command that runs the application and the one that passes every test", () => {
    const opening = /^# Sillon\n\n```sh\n(.*)\n(.*)\n```\n/.exec(readme)
    expect(opening?.[1]).toMatch(/^npm ci && npm start +# /)
    expect(opening?.[2]).toMatch(/^npm ci && npm test +# /)
    expect(scripts.start).toBeDefined()
    expect(scripts.test).toBeDefined()
  })

  it("lists every variable server/config.ts reads in its configuration table", () => {
    const variables = [...read("server/config.ts").matchAll(/env\.([A-Z_]+)/g)].map((m) => m[1] as string)
    expect(variables.length).toBeGreaterThan(0)
    expect(variables.filter((name) => !readme.includes(`| \`${name}\` |`))).toEqual([])
  })
})

// ---- Node engines: a small reader for the range syntax package-lock.json holds.
type Version = readonly [number, number, number]
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
const bump = (v: Version, at: number): Version => (at === 0 ? [v[0] + 1, 0, 0] : [v[0], v[1] + 1, 0])

/** One comparator as the half-open interval [low, high) it allows. */
const interval = (comparator: string, range: string): readonly [Version, Version] => {
  const m = /^(>=|<=|>|<|=|\^|~)?v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?$/.exec(comparator)
  if (!m)
    throw new Error(`cannot read the engines range '${range}': extend the reader in scripts/docs.test.ts`)
  const parts = [m[2], m[3], m[4]].map((p) =>
    p === undefined || p === "x" || p === "*" ? undefined : Number(p),
  )
  const known = parts.indexOf(undefined)
  const precision = known === -1 ? 3 : known // how many leading numbers were given
  const v = parts.map((p) => p ?? 0) as unknown as Version
  const upTo = precision === 3 ? ([v[0], v[1], v[2] + 1] as Version) : bump(v, precision - 1)
  const top: Version = [Number.MAX_SAFE_INTEGER, 0, 0]
  const zero: Version = [0, 0, 0]
  switch (m[1]) {
    case ">=":
      return [v, top]
    case ">":
      return [upTo, top]
    case "<":
      return [zero, v]
    case "<=":
      return [zero, upTo]
    case "^":
      return [v, bump(v, v[0] > 0 || precision === 1 ? 0 : 1)]
    case "~":
      return [v, bump(v, precision === 1 ? 0 : 1)]
    default:
      return [v, upTo]
  }
}

const admits = (range: string, version: Version) =>
  range.split("||").some((alternative) => {
    const comparators = alternative
      .replace(/([<>]=?|=|\^|~)\s+/g, "$1")
      .trim()
      .split(/\s+/)
    return comparators.every((c) => {
      if (c === "" || c === "*" || c === "x") return true
      const [low, high] = interval(c, range)
      return compare(version, low) >= 0 && compare(version, high) < 0
    })
  })

describe("the Node versions", () => {
  const engines = JSON.parse(read("package.json")).engines.node as string
  const floor = (/^\^?(\d+)\.(\d+)\.(\d+)/.exec(engines)?.slice(1).map(Number) ?? []) as unknown as Version
  const operations = read("docs/operations.md")

  it("reads ranges as npm does", () => {
    expect(admits("^20.19.0 || >=22.12.0", [20, 20, 2])).toBe(true)
    expect(admits("^20.19.0 || >=22.12.0", [22, 11, 0])).toBe(false)
    expect(admits(">= 22", [20, 19, 0])).toBe(false)
    expect(admits("18 || 20 || >=22", [20, 19, 0])).toBe(true)
    expect(admits(">=16 || 14 >=14.17", [14, 16, 0])).toBe(false)
    expect(admits("10.* || >= 12.*", [11, 0, 0])).toBe(false)
  })

  it("are stated alike in package.json, the README and docs/operations.md", () => {
    expect(floor).toHaveLength(3)
    expect(read("README.md")).toContain(`\`${engines}\``)
    expect(operations).toContain(`\`${engines}\``)
  })

  it("warn on install exactly for the packages docs/operations.md explains", () => {
    const lock = JSON.parse(read("package-lock.json")).packages as Record<
      string,
      { version?: string; optional?: boolean; engines?: { node?: unknown } }
    >
    const refusing = Object.entries(lock).flatMap(([path, p]) => {
      const range = p.engines?.node
      if (path === "" || p.optional || typeof range !== "string" || admits(range, floor)) return []
      return [`${path.replace(/^.*node_modules\//, "")} ${p.version}`]
    })
    const explained = [...operations.matchAll(/^\| `([^`]+)` (\d+\.\d+\.\d+) \|/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    )
    expect(refusing.sort()).toEqual(explained.sort())
  })
})
