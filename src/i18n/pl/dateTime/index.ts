import type { NamespaceDateTimeTranslation } from "../../i18n-types"

const pl_dateTime = {
  dayOf: "{field}: dzień",
  timeOf: "{field}: godzina",
  dayFormat: "DD.MM.YYYY",
  dayPlaceholder: "dd.mm.rrrr",
  timePlaceholder: "gg:mm",
  timeUnreadable: "Nie rozpoznano godziny: wpisz na przykład 14:30 lub 1430",
  timeMissing: "Podaj też godzinę, na przykład 14:30",
  dayMissing: "Podaj też dzień",
  dayUnreadable: "Nie rozpoznano dnia: wpisz na przykład 15.11.2026 lub 15112026",
  clearDay: "Wyczyść dzień",
} satisfies NamespaceDateTimeTranslation

export default pl_dateTime
