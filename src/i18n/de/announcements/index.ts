import type { NamespaceAnnouncementsTranslation } from "../../i18n-types"

const de_announcements = {
  title: "Mitteilungen",
  intro:
    "Nachrichten der Verantwortlichen Ihrer Strukturen an ihre Mitglieder: eine Maschine defekt, der Waschplatz geschlossen, eine Versammlung…",
  none: "Keine aktuelle Mitteilung.",
  loadFailed: "Die Mitteilungen konnten nicht geladen werden",
  retry: "Erneut versuchen",
  urgent: "Dringend",
  unread: "Ungelesen",
  byline: "{name} · {cluster} · {date}",
  someone: "Ein ehemaliges Mitglied",
  until: "Bis {date}",
  markRead: "Als gelesen markieren",
  read: "Gelesen",
  end: "Mitteilung beenden",
  endTitle: "Diese Mitteilung beenden?",
  endWarning: "Sie wird keinem Mitglied der Struktur mehr angezeigt.",
  keep: "Behalten",
  form: {
    title: "Neue Mitteilung",
    cluster: "Struktur",
    message: "Nachricht",
    placeholder: "Die Feldspritze ist bis Donnerstag defekt: bitte nicht reservieren.",
    remaining: "Noch {count} Zeichen",
    urgent: "Dringend",
    urgentHint: "Zuerst und in Rot angezeigt und den Mitgliedern auch per E-Mail gesendet.",
    endsAt: "Ende der Mitteilung (optional)",
    endsAtHint: "Ohne Enddatum wird sie angezeigt, bis jemand sie beendet.",
    send: "Mitteilung veröffentlichen",
    sent: "Mitteilung veröffentlicht: die Mitglieder von {cluster} sind benachrichtigt.",
  },
  home: {
    title: "Mitteilungen",
    all: "Alle Mitteilungen ({count})",
  },
} satisfies NamespaceAnnouncementsTranslation

export default de_announcements
