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
    colors: { ...palettes, primary: palettes[colors.primary], secondary: palettes[colors.secondary] },
    primaryColor: "primary",
    primaryShade: { light: 7, dark: 8 },
    defaultRadius: "md",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: { fontWeight: "700" },
    components: {
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
