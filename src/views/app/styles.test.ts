import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * Mantine's CSS is imported component by component (styles.ts): a screen using a component whose
 * sheet is missing renders unstyled. This finds every Mantine component the views import and
 * checks its sheet is there.
 */
const viewsDir = join(process.cwd(), "src/views")
const sheetsDir = join(process.cwd(), "node_modules/@mantine/core/styles")

const files = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })

const importedComponents = (): Set<string> => {
  const names = new Set<string>()
  for (const file of files(viewsDir)) {
    for (const match of readFileSync(file, "utf8").matchAll(
      /import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g,
    )) {
      for (const name of match[1].split(",")) {
        const clean = name.replace(/^\s*type\s+/, "").trim()
        if (/^[A-Z]/.test(clean)) names.add(clean)
      }
    }
  }
  return names
}

describe("Mantine styles", () => {
  it("imports the sheet of every Mantine component the views use", () => {
    const styles = readFileSync(join(viewsDir, "app/styles.ts"), "utf8")
    const used = [...importedComponents()].filter((name) => existsSync(join(sheetsDir, `${name}.css`)))
    expect(used.length).toBeGreaterThan(10)
    const missing = used.filter((name) => !styles.includes(`@mantine/core/styles/${name}.css`))
    expect(missing).toEqual([])
  })
})
