import { NativeSelect, VisuallyHidden } from "@mantine/core"
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
      label={<VisuallyHidden>{LL.language.label()}</VisuallyHidden>}
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
