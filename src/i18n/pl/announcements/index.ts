import type { NamespaceAnnouncementsTranslation } from "../../i18n-types"

const pl_announcements = {
  title: "Ogłoszenia",
  intro:
    "Wiadomości od zarządzających Twoimi strukturami do ich członków: zepsuta maszyna, zamknięta myjnia, zebranie…",
  none: "Brak bieżących ogłoszeń.",
  loadFailed: "Nie udało się wczytać ogłoszeń",
  retry: "Spróbuj ponownie",
  urgent: "Pilne",
  unread: "Nieprzeczytane",
  byline: "{name} · {cluster} · {date}",
  someone: "Były członek",
  until: "Do {date}",
  markRead: "Oznacz jako przeczytane",
  read: "Przeczytane",
  end: "Zakończ ogłoszenie",
  endTitle: "Zakończyć to ogłoszenie?",
  endWarning: "Nie będzie już widoczne dla żadnego członka struktury.",
  keep: "Zostaw je",
  form: {
    title: "Nowe ogłoszenie",
    cluster: "Struktura",
    message: "Wiadomość",
    placeholder: "Opryskiwacz jest zepsuty do czwartku: nie rezerwujcie go.",
    remaining: "Pozostało znaków: {count}",
    urgent: "Pilne",
    urgentHint: "Wyświetlane jako pierwsze, na czerwono, i wysyłane też e-mailem do członków.",
    endsAt: "Koniec ogłoszenia (opcjonalnie)",
    endsAtHint: "Bez daty końca jest widoczne, dopóki ktoś go nie zakończy.",
    send: "Opublikuj ogłoszenie",
    sent: "Ogłoszenie opublikowane: członkowie {cluster} zostali powiadomieni.",
  },
  home: {
    title: "Ogłoszenia",
    all: "Wszystkie ogłoszenia ({count})",
  },
} satisfies NamespaceAnnouncementsTranslation

export default pl_announcements
