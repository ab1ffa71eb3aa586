import type { NamespaceDateTimeTranslation } from "../../i18n-types"

const de_dateTime = {
  dayOf: "{field}: Tag",
  timeOf: "{field}: Uhrzeit",
  dayFormat: "DD.MM.YYYY",
  dayPlaceholder: "TT.MM.JJJJ",
  timePlaceholder: "hh:mm",
  timeUnreadable: "Uhrzeit nicht erkannt: geben Sie zum Beispiel 14:30 oder 1430 ein",
  timeMissing: "Geben Sie auch die Uhrzeit an, zum Beispiel 14:30",
  dayMissing: "Geben Sie auch den Tag an",
  dayUnreadable: "Tag nicht erkannt: geben Sie zum Beispiel 15.11.2026 oder 15112026 ein",
  clearDay: "Tag löschen",
} satisfies NamespaceDateTimeTranslation

export default de_dateTime
