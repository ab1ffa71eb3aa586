import type { NamespaceGuideTranslation } from "../../i18n-types"

/** The user guide inside the application (/help): the home cards' tasks, then each area's essentials. */
const pl_guide = {
  title: "Przewodnik użytkownika",
  intro:
    "To, czego potrzebujesz, by korzystać z Sillon na co dzień, w gospodarstwie lub w spółdzielni. To, co możesz zrobić, zależy od Twoich uprawnień w każdej strukturze: czego nie możesz zrobić, jest wyszarzone, z nazwą brakującego uprawnienia.",
  contents: "Spis treści",
  tasks: {
    title: "Najczęstsze zadania",
    intro: "Zadania z kart strony głównej i ekran, na którym wykonuje się każde z nich.",
    putBox:
      "Wybierz strukturę i numer modułu, potem maszynę i datę rozpoczęcia; data zakończenia jest opcjonalna. Potrzebne jest uprawnienie „Edycja liczników”.",
    removeBox:
      "Lista pokazuje moduły zamontowane na maszynie: „Zdejmij moduł” kończy powiązanie po potwierdzeniu.",
    workOrderCard: "Otwórz maszynę z listy maszyn, a potem jej zakładkę „Zlecenie pracy”.",
    exportData: "Raporty przegląda się według obszaru pracy, maszyny i czynności.",
    bookingCard:
      "Wybierz strukturę, maszyny i pracowników w kolejności, w jakiej są potrzebni, daty, a potem „Wyślij prośbę”.",
    finishedActivity: "Znajdź czynność zarejestrowaną przez moduł, sprawdź ją i uzupełnij braki.",
  },
  sections: {
    signIn: {
      title: "Logowanie",
      points: {
        ways: "Zaloguj się adresem e-mail i hasłem albo poproś o jednorazowy kod logowania wysyłany e-mailem.",
        forgotten: "Nie pamiętasz hasła? Strona logowania wyśle Ci link do ustawienia nowego.",
        address: "Dopóki adres i miejscowość nie są uzupełnione, Sillon otwiera Twój profil, by je dodać.",
        throttle: "Po zbyt wielu nieudanych próbach Sillon prosi o odczekanie kilku minut.",
      },
    },
    structures: {
      title: "Struktury, członkowie i uprawnienia",
      points: {
        what: "Struktura to gospodarstwo, spółdzielnia (CUMA), dealer lub firma usługowa. Utwórz własną albo poproś o dołączenie do istniejącej.",
        members:
          "Członków zaprasza się e-mailem z rolą: pracownik, partner, członek lub klient. Prośby o dołączenie akceptują członkowie, którzy mają to uprawnienie.",
        rights:
          "Każdy członek ma własne uprawnienia w strukturze (zakładka „Uprawnienia”). Można nadać lub odebrać tylko te uprawnienia, które ma się samemu.",
      },
    },
    machines: {
      title: "Maszyny i moduły",
      points: {
        list: "Lista pokazuje maszyny Twoich struktur i te, do których otrzymałeś dostęp. Dodanie maszyny wymaga uprawnienia „Tworzenie maszyny”.",
        decimal: "Liczby dziesiętne zapisuje się z kropką: 3.5, a nie 3,5.",
        boxes:
          "Moduł (Databox) zamontowany na maszynie śledzi jej pracę. Jest zamontowany tylko na jednej maszynie naraz.",
        page: "Strona maszyny pokazuje jej dane, zamontowany moduł i to, kto co może z nią robić.",
      },
    },
    planning: {
      title: "Planowanie i rezerwacje",
      points: {
        request:
          "Rezerwacja zawsze zaczyna się jako prośba, na czerwono; po akceptacji zmienia kolor na zielony.",
        overlap: "Maszyna ani pracownik nigdy nie są zarezerwowani dwa razy w tym samym czasie.",
        views:
          "Planowanie ogólne pokazuje rezerwacje według dnia, tygodnia lub miesiąca; planowanie na telefon pokazuje 14 dni naraz.",
      },
    },
    notifications: {
      title: "Powiadomienia",
      points: {
        bell: "Dzwonek w nagłówku pokazuje, ile powiadomień jest nieprzeczytanych.",
        what: "Trafiają tu zaproszenia, prośby o dołączenie i rezerwacje; zaproszenia czekające na Twoją odpowiedź są na górze.",
        read: "Otwarcie powiadomienia oznacza je jako przeczytane; „Oznacz wszystkie jako przeczytane” oznacza wszystkie.",
      },
    },
    announcements: {
      title: "Ogłoszenia",
      points: {
        home: "Nieprzeczytane ogłoszenia Twoich struktur są wyświetlane na górze strony głównej, najpierw pilne, na czerwono; „Oznacz jako przeczytane” je chowa.",
        post: "Z uprawnieniem „Edycja informacji o strukturze” opublikuj ogłoszenie w „Ogłoszeniach”: treść, „Pilne”, jeśli jest pilne, i opcjonalny koniec. Każdy członek zostaje powiadomiony, a przy pilnym także e-mailem.",
        end: "„Zakończ ogłoszenie” usuwa je dla wszystkich; bez daty końca jest widoczne do tego czasu.",
      },
    },
    account: {
      title: "Twoje konto",
      points: {
        profile: "Profil zawiera Twoje dane, kontakt i adres, który jest wymagany, by korzystać z Sillon.",
        confirm:
          "Potwierdź adres e-mail otrzymanym kodem: do tego czasu zaproszenia ze struktur do Ciebie nie docierają.",
        language: "Język wybiera się w nagłówku; to urządzenie go zapamiętuje.",
        everywhere:
          "„Wyloguj ze wszystkich urządzeń” w profilu zamyka wszystkie Twoje sesje: przydatne po zgubieniu telefonu.",
      },
    },
  },
} satisfies NamespaceGuideTranslation

export default pl_guide
