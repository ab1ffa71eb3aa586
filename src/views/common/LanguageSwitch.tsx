import { NativeSelect } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import { type Locales, loadLocale, locales, persistLocale } from "../../i18n/locale"

/**
 * Switches the language at once and remembers it on this device. `compact` shows the codes
 * (FR, EN…) where a phone header has no room for names.
 */
export const LanguageSwitch = ({ compact = false }: { compact?: boolean }) => {
  const { LL, locale, setLocale } = useI18nContext()
  return (
    <NativeSelect
      // A named control without a visible label: a label element, even hidden, would push the
      // select below the middle of the header.
      aria-label={LL.language.label()}
      value={locale}
      size="md"
      w={compact ? 80 : 140}
      data={locales.map((value) => ({ value, label: compact ? value.toUpperCase() : LL.language[value]() }))}
      onChange={(event) => {
        const next = event.currentTarget.value as Locales
        persistLocale(globalThis.localStorage, next)
        void loadLocale(next).then(() => setLocale(next))
      }}
    />
  )
}
