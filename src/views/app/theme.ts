import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core"

/** Field green; shade 7 carries white text at a contrast of 5.7:1 (WCAG AA). */
const furrow: MantineColorsTuple = [
  "#eaf6ec",
  "#d3ead7",
  "#a6d4ae",
  "#76bd83",
  "#4fa95f",
  "#379c49",
  "#2a8a3c",
  "#1f7532",
  "#17602a",
  "#0f4a1f",
]

/** Dark grey-green for the header and secondary actions. */
const hedge: MantineColorsTuple = [
  "#f0f4f2",
  "#dde5e0",
  "#bccbc2",
  "#98afa1",
  "#7a9785",
  "#658674",
  "#557364",
  "#465f53",
  "#374b41",
  "#27362e",
]

/**
 * Mantine's status colours, darkened from shade 6 on: with `primaryShade` 7, white on a filled
 * badge or button, a light badge's shade 9 on shade 1 and an outline's shade 7 on white all reach
 * WCAG AA (4.5:1). Mantine's own fall short: white on red 7 is 3.8:1, green 9 on green 1 is 3.8:1,
 * white on orange 7 is 3.0:1, white on blue 7 is 4.2:1. theme.test.ts holds every palette to it.
 */
const red: MantineColorsTuple = [
  "#fff5f5",
  "#ffe3e3",
  "#ffc9c9",
  "#ffa8a8",
  "#ff8787",
  "#fa5252",
  "#e03131",
  "#c92a2a",
  "#b02525",
  "#9c2121",
]

const green: MantineColorsTuple = [
  "#ebfbee",
  "#d3f9d8",
  "#b2f2bb",
  "#8ce99a",
  "#69db7c",
  "#40c057",
  "#2f9e44",
  "#267d37",
  "#1f6a2e",
  "#195a27",
]

const orange: MantineColorsTuple = [
  "#fff4e6",
  "#ffe8cc",
  "#ffd8a8",
  "#ffc078",
  "#ffa94d",
  "#ff922b",
  "#f76707",
  "#c2410c",
  "#a3370a",
  "#8a2e08",
]

const blue: MantineColorsTuple = [
  "#e7f5ff",
  "#d0ebff",
  "#a5d8ff",
  "#74c0fc",
  "#4dabf7",
  "#339af0",
  "#228be6",
  "#1971c2",
  "#1864ab",
  "#145591",
]

/** The status colours views name (`color="red"`); theme.test.ts checks every palette a view names. */
const statusPalettes = { red, green, orange, blue } as const

export const palettes = { furrow, hedge } as const
export type PaletteName = keyof typeof palettes

export interface ThemeColors {
  readonly primary: PaletteName
  readonly secondary: PaletteName
}

export const defaultThemeColors: ThemeColors = { primary: "furrow", secondary: "hedge" }
export const themeStorageKey = "sillon.theme"

const isPalette = (name: unknown): name is PaletteName => typeof name === "string" && name in palettes

/** SPEC §3: theme colours are kept in local storage; unknown or broken values fall back to the default. */
export const readThemeColors = (storage: Storage | undefined): ThemeColors => {
  try {
    const stored = JSON.parse(storage?.getItem(themeStorageKey) ?? "null") as Partial<ThemeColors> | null
    if (stored && isPalette(stored.primary) && isPalette(stored.secondary)) {
      return { primary: stored.primary, secondary: stored.secondary }
    }
    storage?.setItem(themeStorageKey, JSON.stringify(defaultThemeColors))
  } catch {
    // Storage refused or held something else: the default colours serve.
  }
  return defaultThemeColors
}

export const makeTheme = (colors: ThemeColors) =>
  createTheme({
    colors: {
      ...statusPalettes,
      ...palettes,
      primary: palettes[colors.primary],
      secondary: palettes[colors.secondary],
    },
    primaryColor: "primary",
    primaryShade: { light: 7, dark: 8 },
    defaultRadius: "md",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    // A phone's page title is smaller than a laptop's: "Benachrichtigungen" (34 px: 386 px wide)
    // fits a 390 px screen's 366 px line at 28 px.
    headings: { fontWeight: "700", sizes: { h1: { fontSize: "clamp(1.75rem, 1.25rem + 2vw, 2.125rem)" } } },
    components: {
      // A word longer than the line breaks rather than pushing the page sideways (German and Polish
      // titles: "Wartungseinstellungen" is wider than a phone at any heading size).
      Title: { styles: { root: { overflowWrap: "anywhere" } } },
      Button: { defaultProps: { size: "md" } },
      TextInput: { defaultProps: { size: "md" } },
      PasswordInput: { defaultProps: { size: "md" } },
      Select: { defaultProps: { size: "md" } },
      Checkbox: { defaultProps: { size: "md" } },
      Fieldset: { styles: { legend: { fontWeight: 700, paddingInline: 4 } } },
    },
  })

/** Mantine's default dimmed grey (3.3:1) and error red (3.6:1) are too faint outdoors and below WCAG AA. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
  },
  dark: {},
})
