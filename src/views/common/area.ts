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
