import { MantineProvider } from "@mantine/core"
import { DatesProvider } from "@mantine/dates"
import type { NotificationsProps } from "@mantine/notifications"
import type { ReactNode } from "react"
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore } from "react"
import { I18nProvider } from "../../i18n/I18nProvider"
import { useI18nContext } from "../../i18n/i18n-react"
import type { Locales } from "../../i18n/locale"
import { subscribeNotified, wasNotified } from "../common/notified"
import { loadAppFrame } from "./frame"
import { cssVariablesResolver, makeTheme, readThemeColors } from "./theme"

const NotificationsHost = lazy(async () => {
  const [host] = await Promise.all([import("./NotificationsHost"), loadAppFrame()])
  return { default: host.Notifications }
})

/**
 * Mantine's notifications host, loaded with the first notification shown (useNotify) rather than
 * with every page (its store keeps what is shown meanwhile), with the styles it needs.
 */
const Notifications = (props: NotificationsProps) => {
  const wanted = useSyncExternalStore(subscribeNotified, wasNotified)
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsHost {...props} />
    </Suspense>
  ) : null
}

const LocalisedDates = ({ children }: { children: ReactNode }) => {
  const { locale } = useI18nContext()
  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>
}

/**
 * Every provider a screen needs: i18n, Mantine theme, dates (week starts Monday), notifications.
 * Mantine writes all its CSS variables itself (`deduplicateCssVariables={false}`), so no first
 * visit downloads its default-variables sheet (4 kB gzip).
 */
export const AppProviders = ({ locale, children }: { locale: Locales; children: ReactNode }) => {
  const theme = useMemo(() => makeTheme(readThemeColors(globalThis.localStorage)), [])
  return (
    <I18nProvider locale={locale}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        deduplicateCssVariables={false}
      >
        <LocalisedDates>
          <Notifications position="top-center" />
          {children}
        </LocalisedDates>
      </MantineProvider>
    </I18nProvider>
  )
}
