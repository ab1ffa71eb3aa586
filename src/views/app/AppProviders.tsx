import "dayjs/locale/de"
import "dayjs/locale/fr"
import "dayjs/locale/pl"
import { MantineProvider } from "@mantine/core"
import { DatesProvider } from "@mantine/dates"
import { Notifications } from "@mantine/notifications"
import type { ReactNode } from "react"
import { useEffect, useMemo } from "react"
import TypesafeI18n, { useI18nContext } from "../../i18n/i18n-react"
import type { Locales } from "../../i18n/locale"
import { cssVariablesResolver, makeTheme, readThemeColors } from "./theme"

const LocalisedDates = ({ children }: { children: ReactNode }) => {
  const { locale } = useI18nContext()
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>
}

/** Every provider a screen needs: i18n, Mantine theme, dates (week starts Monday), notifications. */
export const AppProviders = ({ locale, children }: { locale: Locales; children: ReactNode }) => {
  const theme = useMemo(() => makeTheme(readThemeColors(globalThis.localStorage)), [])
  return (
    <TypesafeI18n locale={locale}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <LocalisedDates>
          <Notifications position="top-center" />
          {children}
        </LocalisedDates>
      </MantineProvider>
    </TypesafeI18n>
  )
}
