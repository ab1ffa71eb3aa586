import type { NamespaceUpkeepMachineTranslation } from "../../i18n-types"

/** Zakładka „Maszyny” konserwacji (docs/maintenance.md): liczniki, zasady i wykonana konserwacja maszyny. */
const pl_upkeepMachine = {
  title: "Konserwacja maszyny",
  machine: "Maszyna",
  machinePlaceholder: "Wybierz maszynę",
  choose: "Wybierz maszynę, aby zobaczyć jej liczniki, zasady i wykonaną konserwację.",
  loading: "Odczyt konserwacji maszyny…",
  loadFailed: "Nie udało się odczytać konserwacji tej maszyny",
  retry: "Spróbuj ponownie",
  counterList: "Liczniki",
  readAt: "Ostatni odczyt: {value}, {date}",
  fromBoxes: "Liczone od pierwszej skrzynki",
  perDay: "Około {n} dziennie w ostatnich 30 dniach",
  unknownYears: "Nieznana data dopuszczenia do eksploatacji",
  reading: {
    title: "Wprowadź odczyt licznika",
    help: "Wartość odczytana na desce rozdzielczej maszyny: liczenie zaczyna się od niej.",
    counter: "Licznik",
    value: "Odczytana wartość",
    date: "Data odczytu",
    save: "Zapisz odczyt",
  },
  readingSaved: "Zapisano odczyt: liczniki go uwzględniają.",
  rules: "Zasady",
  noRules: "Do tej maszyny nie przypisano żadnego profilu konserwacji.",
  history: "Wykonana konserwacja, od najnowszej",
  noActions: "Nie zapisano żadnej konserwacji.",
  done: "Wykonano: {names}",
  cost: "Koszt: {cost}",
  parts: "Części: {parts}",
  doneBy: "Wykonał(a): {who}",
  recordedBy: "Wprowadził(a) {name}",
  read: "Odczytane liczniki: {values}",
  remove: "Usuń",
  removeOf: "Usuń konserwację z {date}",
  confirm: {
    title: "Usunąć tę konserwację?",
    body: "Konserwacja z {date} ({names}) zostanie trwale usunięta; jej zasady będą znów liczone od poprzedniej konserwacji.",
    confirm: "Usuń",
    cancel: "Anuluj",
  },
  removed: "Usunięto konserwację.",
} satisfies NamespaceUpkeepMachineTranslation

export default pl_upkeepMachine
