import type { NamespaceHomePageTranslation } from "../../i18n-types"

/** The home page: the day's overview and the help cards (also listed by the help page). */
const de_homePage = {
  overview: {
    title: "Heute",
    failed: "Die Tagesübersicht konnte nicht gelesen werden",
    retry: "Erneut versuchen",
    quiet:
      "Nichts zu melden: keine Maschine im Einsatz, keine Reservierung heute oder morgen, nichts zu prüfen.",
    working: "Jetzt im Einsatz ({count})",
    onMap: "Auf der Karte ansehen",
    speed: "{speed} km/h · {ago}",
    today: "Reservierungen heute ({count})",
    tomorrow: "Reservierungen morgen ({count})",
    requested: "Anzunehmen",
    accepted: "Angenommen",
    forWhom: "für {name}",
    disputes: "Zu prüfende Beanstandungen ({count})",
    disputeLine: "{machine} · Tätigkeit vom {when} · beanstandet von {name}",
    boxes: "Zu prüfende Boxen ({count})",
    silent: "zuletzt gemeldet {ago}",
    lowBattery: "Akku {battery} %",
    maintenance: "Anstehende Wartung ({count})",
    maintenanceAll: "Übersicht",
    maintenanceStatus: { soon: "Bald", due: "Fällig", overdue: "Überfällig" },
  },
  title: "Willkommen bei Sillon",
  intro: "Was möchten Sie tun? Jede Karte erklärt eine häufige Aufgabe und führt Sie dorthin.",
  open: "Los",
  putBox: {
    title: "Box an einer Maschine anbringen",
    text: "Verbinden Sie eine Databox mit einer Maschine, um ihre Arbeit automatisch zu erfassen.",
  },
  removeBox: {
    title: "Box entfernen",
    text: "Beenden Sie die Zuordnung einer Databox, bevor Sie sie anderswo anbringen.",
  },
  workOrderCard: {
    title: "Arbeitsauftrag erstellen",
    text: "Bereiten Sie einen Arbeitsauftrag für eine Maschine und ihren Fahrer vor.",
  },
  exportData: {
    title: "Meine Daten exportieren",
    text: "Laden Sie Ihre Berichte nach Arbeitsfläche, Maschine oder Tätigkeit herunter.",
  },
  bookingCard: {
    title: "Eine Buchung vornehmen",
    text: "Buchen Sie Maschinen und Mitarbeiter für einen Zeitraum, einen Ort oder eine gezeichnete Fläche.",
  },
  finishedActivity: {
    title: "Ich habe meine Tätigkeit beendet",
    text: "Prüfen und ergänzen Sie die von der Box erfasste Tätigkeit.",
  },
} satisfies NamespaceHomePageTranslation

export default de_homePage
