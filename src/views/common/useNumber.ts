import { useI18nContext } from "../../i18n/i18n-react"

/** A figure as the person's language writes it, to `digits` decimals at most (each call may say otherwise). */
export const useNumber = (digits: number) => {
  const { locale } = useI18nContext()
  return (n: number, decimals = digits) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: decimals }).format(n)
}
