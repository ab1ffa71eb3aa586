import type { NamespaceDateTimeTranslation } from "../../i18n-types"

const en_dateTime = {
  dayOf: "{field}: day",
  timeOf: "{field}: time",
  dayFormat: "DD/MM/YYYY",
  dayPlaceholder: "dd/mm/yyyy",
  timePlaceholder: "hh:mm",
  timeUnreadable: "Time not recognised: type for example 14:30 or 1430",
  timeMissing: "Give the time too, for example 14:30",
  dayMissing: "Give the day too",
  dayUnreadable: "Day not recognised: type for example 15/11/2026 or 15112026",
  clearDay: "Clear the day",
} satisfies NamespaceDateTimeTranslation

export default en_dateTime
