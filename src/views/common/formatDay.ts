/** A calendar day ("2024-05-01") as the person reads it ("1 mai 2024"), whatever their time zone. */
export const formatDay = (day: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`))
