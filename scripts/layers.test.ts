import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

/** The import rules of docs/architecture.md#layers that a type check cannot see. */
const sources = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [join(dir, e.name)]
        : [],
  )

const importsOf = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/^\s*(?:import|export)[^'"]*from\s+["']([^"']+)["']/gm)].map(
    (m) => m[1] ?? "",
  )

describe("layers", () => {
  it("the server reaches the translations through server/i18n.ts only, and the browser's code never", () => {
    const offenders = sources("server")
      .filter((f) => f !== join("server", "i18n.ts"))
      .flatMap((f) =>
        importsOf(f)
          .filter((i) => /\/src\/(i18n|views|machines|services|routes)\b/.test(i))
          .map((i) => `${f} → ${i}`),
      )
    expect(offenders).toEqual([])
  })

  it("the contract imports nothing of ours outside src/schema", () => {
    const offenders = sources(join("src", "schema")).flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith("..") && !i.startsWith("../schema"))
        .map((i) => `${f} → ${i}`),
    )
    expect(offenders).toEqual([])
  })
})
