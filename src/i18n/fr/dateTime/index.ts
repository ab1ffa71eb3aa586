import type { BaseTranslation } from "../../i18n-types"

const fr_dateTime = {
  dayOf: "{field:string} : jour",
  timeOf: "{field:string} : heure",
  dayFormat: "DD/MM/YYYY",
  dayPlaceholder: "jj/mm/aaaa",
  timePlaceholder: "hh:mm",
  timeUnreadable: "Heure non reconnue : tapez par exemple 14:30 ou 1430",
  timeMissing: "Indiquez aussi l'heure, par exemple 14:30",
  dayMissing: "Indiquez aussi le jour",
  dayUnreadable: "Jour non reconnu : tapez par exemple 15/11/2026 ou 15112026",
  clearDay: "Effacer le jour",
} satisfies BaseTranslation

export default fr_dateTime
