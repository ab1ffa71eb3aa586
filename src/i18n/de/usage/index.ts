import type { NamespaceUsageTranslation } from "../../i18n-types"

const de_usage = {
  machine: {
    intro:
      "Was die Maschine geleistet hat, Tag für Tag, Woche für Woche oder Monat für Monat: dieselben Zahlen wie die Liste der Tätigkeiten.",
    bucket: "Gruppieren",
    day: "Pro Tag",
    week: "Pro Woche",
    month: "Pro Monat",
    periods: {
      day: "Die letzten 30 Tage",
      week: "Die letzten 12 Wochen",
      month: "Die letzten 12 Monate",
    },
    members: "Nach Mitglied",
    nobody: "Kein bekanntes Mitglied",
  },
  figure: "Kennzahl",
  figures: {
    hours: "Stunden",
    area: "Hektar",
    distance: "Kilometer",
    fuel: "Liter",
  },
  figureTitles: {
    hours: "Arbeitsstunden",
    area: "Hektar",
    distance: "Kilometer",
    fuel: "Liter",
  },
  units: {
    hours: "h",
    area: "ha",
    distance: "km",
    fuel: "l",
  },
  chart: "{figure} pro {bucket}",
  bucketNames: {
    day: "Tag",
    week: "Woche",
    month: "Monat",
  },
  weekOf: "Woche vom {day}",
  table: "Im Einzelnen",
  when: "Zeitraum",
  activityCount: "Tätigkeiten",
  loading: "Zahlen werden berechnet…",
  loadFailed: "Die Zahlen konnten nicht geladen werden",
  retry: "Erneut versuchen",
  empty: "Keine Tätigkeit im Zeitraum: nichts zu zählen.",
  field: {
    intro:
      "Die Arbeit auf diesem Schlag in einer Saison: Jede Tätigkeit zählt nur mit ihrem Anteil auf dem Schlag.",
    season: "Saison",
    campaign: "Saison {first}-{last} (Sept. – Aug.)",
    year: "Jahr {year}",
    fieldArea: "Fläche des Schlags",
    worked: "Bearbeitete Fläche",
    coverage: "Abdeckung",
    coverageValue: "×\u00a0{value}",
    coverageHint:
      "Die bearbeitete Fläche geteilt durch die des Schlags: ×\u00a02 heißt, der Schlag wurde zweimal abgedeckt.",
    passes: "Überfahrten",
    machines: "Maschinen",
    machine: "Maschine",
    last: "Letzte Überfahrt",
    products: "Produkte",
    product: "Produkttyp",
    noProduct: "Nicht angegeben",
    months: "Bearbeitete Hektar pro Monat",
    empty: "Keine sichtbare Tätigkeit auf diesem Schlag in der Saison.",
  },
} satisfies NamespaceUsageTranslation

export default de_usage
