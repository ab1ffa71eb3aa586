import type { NamespaceUsageTranslation } from "../../i18n-types"

const pl_usage = {
  machine: {
    intro:
      "Co maszyna zrobiła, dzień po dniu, tydzień po tygodniu lub miesiąc po miesiącu: te same liczby co na liście czynności.",
    bucket: "Grupuj",
    day: "Dziennie",
    week: "Tygodniowo",
    month: "Miesięcznie",
    periods: {
      day: "Ostatnie 30 dni",
      week: "Ostatnie 12 tygodni",
      month: "Ostatnie 12 miesięcy",
    },
    members: "Według członka",
    nobody: "Bez znanego członka",
  },
  figure: "Wielkość",
  figures: {
    hours: "Godziny",
    area: "Hektary",
    distance: "Kilometry",
    fuel: "Litry",
  },
  figureTitles: {
    hours: "Godziny pracy",
    area: "Hektary",
    distance: "Kilometry",
    fuel: "Litry",
  },
  units: {
    hours: "h",
    area: "ha",
    distance: "km",
    fuel: "l",
  },
  chart: "{figure} na {bucket}",
  bucketNames: {
    day: "dzień",
    week: "tydzień",
    month: "miesiąc",
  },
  weekOf: "tydz. od {day}",
  table: "Szczegóły",
  when: "Okres",
  activityCount: "Czynności",
  loading: "Obliczanie liczb…",
  loadFailed: "Nie udało się wczytać liczb",
  retry: "Spróbuj ponownie",
  empty: "Brak czynności w tym okresie: nie ma czego liczyć.",
  field: {
    intro:
      "Praca wykonana na tej działce w sezonie: każda czynność liczy się tylko w części przypadającej na działkę.",
    season: "Sezon",
    campaign: "Sezon {first}-{last} (wrz. – sie.)",
    year: "Rok {year}",
    fieldArea: "Powierzchnia działki",
    worked: "Powierzchnia obrobiona",
    coverage: "Pokrycie",
    coverageValue: "×\u00a0{value}",
    coverageHint:
      "Powierzchnia obrobiona podzielona przez powierzchnię działki: ×\u00a02 oznacza dwukrotne pokrycie działki.",
    passes: "Przejazdy",
    machines: "Maszyny",
    machine: "Maszyna",
    last: "Ostatni przejazd",
    products: "Produkty",
    product: "Rodzaj produktu",
    noProduct: "Nie podano",
    months: "Hektary obrobione w miesiącu",
    empty: "Brak widocznej czynności na tej działce w sezonie.",
  },
} satisfies NamespaceUsageTranslation

export default pl_usage
