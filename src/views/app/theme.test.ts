import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { DEFAULT_THEME, type MantineColorsTuple, mergeMantineTheme } from "@mantine/core"
import { describe, expect, it } from "vitest"
import { defaultThemeColors, makeTheme, type PaletteName, palettes } from "./theme"

/** WCAG 2 contrast ratio of two #rrggbb colours. */
const contrast = (a: string, b: string) => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r + 0.7152 * g + 0.0722 * b
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

const white = "#ffffff"
/** The lightest page background a badge or button sits on (`bg="gray.0"`). */
const page = DEFAULT_THEME.colors.gray[0]

/**
 * The pairs Mantine paints for a palette in the light scheme: filled (white on the primary shade
 * and its hover), light (shade 9 on shades 1 and 2), outline and coloured text (the primary shade
 * on white and on the grey page).
 */
const pairs = (tuple: MantineColorsTuple, shade: number) => ({
  filled: contrast(white, tuple[shade]),
  filledHover: contrast(white, tuple[Math.min(shade + 1, 9)]),
  light: contrast(tuple[9], tuple[1]),
  lightHover: contrast(tuple[9], tuple[2]),
  outline: contrast(tuple[shade], white),
  outlineOnPage: contrast(tuple[shade], page),
})

const viewsDir = join(process.cwd(), "src/views")
const files = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : []
  })

/** Every Mantine palette a view names in a string (`color="red"`, `c="green.9"`, a status map). */
const namedInViews = (): Array<string> => {
  const mantine = Object.keys(DEFAULT_THEME.colors)
  const found = new Set<string>()
  for (const file of files(viewsDir).filter((f) => !/\.test\.tsx?$/.test(f)))
    for (const [, name] of readFileSync(file, "utf8").matchAll(/"([a-z]+)(?:\.\d)?"/g))
      if (mantine.includes(name)) found.add(name)
  return [...found].sort()
}

describe("theme contrast (WCAG AA, 4.5:1 for text)", () => {
  const theme = mergeMantineTheme(DEFAULT_THEME, makeTheme(defaultThemeColors))
  const shade = typeof theme.primaryShade === "number" ? theme.primaryShade : theme.primaryShade.light

  it.each([...namedInViews(), "primary", "secondary", ...(Object.keys(palettes) as Array<PaletteName>)])(
    "%s: filled, light and outline text all reach 4.5:1",
    (name) => {
      const below = Object.entries(pairs(theme.colors[name], shade)).filter(([, ratio]) => ratio < 4.5)
      expect(below.map(([pair, ratio]) => `${pair} ${ratio.toFixed(2)}:1`)).toEqual([])
    },
  )

  it("finds the status palettes the views use", () => {
    expect(namedInViews()).toEqual(expect.arrayContaining(["green", "red"]))
  })

  it("measures as WCAG does (Mantine's own red 7 under white is 3.84:1)", () => {
    expect(contrast(white, DEFAULT_THEME.colors.red[7]).toFixed(2)).toBe("3.84")
    expect(contrast(DEFAULT_THEME.colors.green[9], DEFAULT_THEME.colors.green[1]).toFixed(2)).toBe("3.81")
  })
})
