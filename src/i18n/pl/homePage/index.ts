import type { NamespaceHomePageTranslation } from "../../i18n-types"

/** The home page: the day's overview and the help cards (also listed by the help page). */
const pl_homePage = {
  overview: {
    title: "Dzisiaj",
    failed: "Nie udało się wczytać przeglądu dnia",
    retry: "Spróbuj ponownie",
    quiet: "Nic do zgłoszenia: żadna maszyna nie pracuje, brak rezerwacji dziś i jutro, nic do sprawdzenia.",
    working: "Pracują teraz ({count})",
    onMap: "Zobacz na mapie",
    speed: "{speed} km/h · {ago}",
    today: "Rezerwacje dziś ({count})",
    tomorrow: "Rezerwacje jutro ({count})",
    requested: "Do akceptacji",
    accepted: "Zaakceptowana",
    forWhom: "dla {name}",
    disputes: "Zastrzeżenia do rozpatrzenia ({count})",
    disputeLine: "{machine} · czynność z {when} · zakwestionowana przez {name}",
    boxes: "Moduły do sprawdzenia ({count})",
    silent: "ostatni sygnał {ago}",
    lowBattery: "bateria {battery} %",
    maintenance: "Konserwacja do zaplanowania ({count})",
    maintenanceAll: "Pulpit",
    maintenanceStatus: { soon: "Wkrótce", due: "Do wykonania", overdue: "Zaległa" },
  },
  title: "Witaj w Sillon",
  intro: "Co chcesz zrobić? Każda karta opisuje częste zadanie i prowadzi do niego.",
  open: "Przejdź",
  putBox: {
    title: "Załóż moduł na maszynę",
    text: "Powiąż Databox z maszyną, aby automatycznie rejestrować jej pracę.",
  },
  removeBox: {
    title: "Zdejmij moduł",
    text: "Zakończ powiązanie Databox, zanim założysz moduł gdzie indziej.",
  },
  workOrderCard: {
    title: "Utwórz zlecenie pracy",
    text: "Przygotuj zlecenie pracy dla maszyny i osoby, która nią kieruje.",
  },
  exportData: {
    title: "Eksportuj moje dane",
    text: "Pobierz raporty według obszaru pracy, maszyny lub czynności.",
  },
  bookingCard: {
    title: "Zarezerwuj",
    text: "Zarezerwuj maszyny i pracowników na dany okres, miejsce lub narysowany obszar.",
  },
  finishedActivity: {
    title: "Zakończyłem pracę",
    text: "Sprawdź i uzupełnij czynność zarejestrowaną przez moduł.",
  },
} satisfies NamespaceHomePageTranslation

export default pl_homePage
