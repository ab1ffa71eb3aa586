/**
 * An area in hectares as a farmer reads it, in their language: two decimals (as Telepac prints),
 * and a small parcel keeps its figure — 45 m² is "0,0045", never "0" or "0,00".
 */
export const formatArea = (ha: number, locale: string) => {
  const decimals = ha > 0 && ha < 0.01 ? Math.min(6, 1 - Math.floor(Math.log10(ha))) : 2
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: decimals }).format(
    ha,
  )
}

/** A calendar day ("2024-05-01") as the person reads it ("1 mai 2024"), whatever their time zone. */
export const formatDay = (day: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`))
