import type { NamespaceUpkeepTranslation } from "../../i18n-types"

/** Maintenance screens (docs/maintenance.md): the dashboard of every machine's rules, recording an action. */
const pl_upkeep = {
  title: "Stan każdej maszyny",
  intro:
    "Każda reguła serwisowa maszyn, które widzisz, najpilniejsza najpierw. Liczniki śledzą to, co zmierzyły moduły od ostatniego odczytu.",
  loading: "Odczyt serwisu…",
  loadFailed: "Nie udało się odczytać serwisu",
  retry: "Spróbuj ponownie",
  empty: "Żadna reguła serwisowa nie dotyczy jeszcze maszyn, które widzisz.",
  status: {
    ok: "Aktualne",
    soon: "Wkrótce",
    due: "Do zrobienia",
    overdue: "Po terminie",
    unknown: "Licznik nieznany",
  },
  remaining: {
    hours: "Jeszcze {n} h",
    km: "Jeszcze {n} km",
    years: "Jeszcze {n} dni",
  },
  late: {
    hours: "Przekroczono o {n} h",
    km: "Przekroczono o {n} km",
    years: "Przekroczono o {n} dni",
  },
  dueNow: "Do zrobienia teraz",
  counter: {
    engineHours: "Motogodziny: {value} h",
    workingHours: "Godziny pracy: {value} h",
    km: "Kilometry: {value} km",
    years: "Wiek: {value} lat",
  },
  unknownCounter: "Nieznana data oddania do użytku: wpisz ją na karcie maszyny.",
  estimated: "Przewidywane około {date}",
  lastDone: "Ostatni serwis {date}",
  never: "Nigdy nie zapisano",
  record: "Zapisz serwis",
  recordOf: "Zapisz serwis {rule} maszyny {machine}",
  form: {
    title: "{rule} — {machine}",
    date: "Data serwisu",
    comment: "Komentarz",
    cost: "Koszt (€)",
    costHelp: "Opcjonalnie, z kropką dziesiętną, np. 45.50",
    save: "Zapisz",
    cancel: "Anuluj",
  },
  saved: "Serwis zapisany: {rule}. Liczenie zaczyna się od nowa.",
  listLabel: "Reguły serwisowe, najpilniejsza najpierw",
} satisfies NamespaceUpkeepTranslation

export default pl_upkeep
