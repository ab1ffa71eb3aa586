import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * /signin shows with styles.first.ts alone (frame.ts): every Mantine component the screens of a
 * first visit there import must have its sheet in it, and in the order styles.ts gives them.
 */
const firstPaint = [
  "auth/SignInPage.tsx",
  "common/AuthLayout.tsx",
  "common/LanguageSwitch.tsx",
  "common/FormMessages.tsx",
  "common/PagePending.tsx",
  "common/NotFoundPage.tsx",
]
const viewsDir = join(process.cwd(), "src/views")
const sheetsDir = join(process.cwd(), "node_modules/@mantine/core/styles")
/** Sheets a component needs besides its own (the password toggle, the select's chevron, the label). */
const alsoNeeds: Record<string, ReadonlyArray<string>> = {
  PasswordInput: ["Input", "ActionIcon"],
  TextInput: ["Input"],
  NativeSelect: ["Input", "Combobox"],
  Checkbox: ["InlineInput", "CheckboxIndicator"],
  Button: ["Loader", "UnstyledButton"],
}

const sheetsOf = (source: string): Array<string> =>
  [...source.matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1])

describe("first-paint styles", () => {
  const first = sheetsOf(readFileSync(join(viewsDir, "app/styles.first.ts"), "utf8"))

  it("hold the sheet of every Mantine component a first visit to /signin shows", () => {
    const used = new Set<string>()
    for (const file of firstPaint) {
      const source = readFileSync(join(viewsDir, file), "utf8")
      for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mantine\/core"/g))
        for (const name of match[1].split(",").map((n) => n.replace(/^\s*type\s+/, "").trim()))
          if (/^[A-Z]/.test(name)) for (const sheet of [name, ...(alsoNeeds[name] ?? [])]) used.add(sheet)
    }
    expect(used.size).toBeGreaterThan(10)
    const missing = [...used].filter(
      (name) => existsSync(join(sheetsDir, `${name}.css`)) && !first.includes(name),
    )
    expect(missing).toEqual([])
  })

  it("keep the order of styles.ts, which loads after them", () => {
    const all = sheetsOf(readFileSync(join(viewsDir, "app/styles.ts"), "utf8"))
    expect(first.every((name) => all.includes(name))).toBe(true)
    expect(first).toEqual(all.filter((name) => first.includes(name)))
  })
})
