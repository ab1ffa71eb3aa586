import type { NamespaceGuideTranslation } from "../../i18n-types"

/** The user guide inside the application (/help): the home cards' tasks, then each area's essentials. */
const de_guide = {
  title: "Benutzerhandbuch",
  intro:
    "Was Sie brauchen, um Sillon im Alltag zu nutzen, auf Ihrem Betrieb oder in Ihrer Maschinengemeinschaft. Was Sie tun dürfen, hängt von Ihren Rechten in jeder Struktur ab: Was Ihnen nicht erlaubt ist, erscheint ausgegraut, mit dem fehlenden Recht.",
  contents: "Inhalt",
  tasks: {
    title: "Häufige Aufgaben",
    intro: "Die Aufgaben der Karten auf der Startseite und der Bildschirm, auf dem jede erledigt wird.",
    putBox:
      "Wählen Sie die Struktur und die Boxnummer, dann die Maschine und das Startdatum; das Enddatum ist freiwillig. Dafür ist das Recht „Zähler bearbeiten“ nötig.",
    removeBox:
      "Die Liste zeigt die Boxen, die an einer Maschine angebracht sind: „Box entfernen“ beendet die Zuordnung nach einer Bestätigung.",
    workOrderCard: "Öffnen Sie die Maschine aus der Maschinenliste, dann ihren Reiter „Arbeitsauftrag“.",
    exportData: "Berichte gibt es nach Arbeitsfläche, nach Maschine und nach Tätigkeit.",
    bookingCard:
      "Wählen Sie die Struktur, die Maschinen und Angestellten in der Reihenfolge, in der sie gebraucht werden, die Daten, dann „Anfrage senden“.",
    finishedActivity:
      "Finden Sie die von der Box aufgezeichnete Tätigkeit, prüfen Sie sie und ergänzen Sie, was fehlt.",
  },
  sections: {
    signIn: {
      title: "Anmelden",
      points: {
        ways: "Melden Sie sich mit E-Mail-Adresse und Passwort an oder fordern Sie einen einmaligen Anmeldecode per E-Mail an.",
        forgotten: "Passwort vergessen? Die Anmeldeseite schickt Ihnen einen Link, um ein neues zu wählen.",
        address: "Solange Adresse und Ort fehlen, öffnet Sillon Ihr Profil, damit Sie sie ergänzen.",
        throttle: "Nach zu vielen Fehlversuchen bittet Sillon, einige Minuten zu warten.",
      },
    },
    structures: {
      title: "Strukturen, Mitglieder und Rechte",
      points: {
        what: "Eine Struktur ist ein Betrieb, eine Maschinengemeinschaft (CUMA), ein Händler oder ein Dienstleister. Legen Sie Ihre eigene an oder bitten Sie um Aufnahme in eine bestehende.",
        members:
          "Mitglieder werden per E-Mail mit einer Rolle eingeladen: Angestellter, Partner, Mitglied oder Kunde. Aufnahmeanfragen nehmen Mitglieder mit diesem Recht an.",
        rights:
          "Jedes Mitglied hat eigene Rechte in der Struktur (Reiter „Rechte“). Man kann nur Rechte geben oder nehmen, die man selbst hat.",
      },
    },
    machines: {
      title: "Maschinen und Boxen",
      points: {
        list: "Die Liste zeigt die Maschinen Ihrer Strukturen und die, für die Sie Zugriff erhalten haben. Eine Maschine hinzuzufügen erfordert das Recht „Maschine anlegen“.",
        decimal: "Dezimalzahlen werden mit Punkt geschrieben: 3.5, nicht 3,5.",
        boxes:
          "Eine Box (Databox) an einer Maschine verfolgt ihre Arbeit. Sie ist immer nur an einer Maschine angebracht.",
        page: "Die Seite einer Maschine zeigt ihre Merkmale, die angebrachte Box und wer was mit ihr tun darf.",
      },
    },
    planning: {
      title: "Planung und Reservierungen",
      points: {
        request: "Eine Reservierung beginnt immer als Anfrage, in Rot; angenommen wird sie grün.",
        overlap: "Eine Maschine oder ein Angestellter wird nie zweimal für denselben Zeitraum reserviert.",
        views:
          "Die Gesamtplanung zeigt Reservierungen nach Tag, Woche oder Monat; die Planung fürs Telefon zeigt 14 Tage auf einmal.",
      },
    },
    notifications: {
      title: "Benachrichtigungen",
      points: {
        bell: "Die Glocke in der Kopfzeile zeigt, wie viele Benachrichtigungen ungelesen sind.",
        what: "Einladungen, Aufnahmeanfragen und Reservierungen kommen hier an; Einladungen, die auf Ihre Antwort warten, stehen oben.",
        read: "Eine Benachrichtigung zu öffnen markiert sie als gelesen; „Alle als gelesen markieren“ markiert alle.",
      },
    },
    announcements: {
      title: "Mitteilungen",
      points: {
        home: "Noch nicht gelesene Mitteilungen Ihrer Strukturen stehen oben auf der Startseite, dringende zuerst und in Rot; „Als gelesen markieren“ räumt sie weg.",
        post: "Mit dem Recht „Strukturangaben bearbeiten“ veröffentlichen Sie eine unter „Mitteilungen“: die Nachricht, „Dringend“, wenn sie es ist, und ein optionales Ende. Jedes Mitglied wird benachrichtigt, bei dringenden auch per E-Mail.",
        end: "„Mitteilung beenden“ nimmt sie für alle zurück; ohne Enddatum bleibt sie bis dahin sichtbar.",
      },
    },
    account: {
      title: "Ihr Konto",
      points: {
        profile:
          "Ihr Profil enthält Ihre Identität, Ihre Kontaktdaten und Ihre Adresse, die Sillon vor allem anderen braucht.",
        confirm:
          "Bestätigen Sie Ihre E-Mail-Adresse mit dem erhaltenen Code: bis dahin erreichen Sie keine Einladungen von Strukturen.",
        language: "Die Sprache wählen Sie in der Kopfzeile; dieses Gerät merkt sie sich.",
        everywhere:
          "„Von allen Geräten abmelden“ in Ihrem Profil beendet alle Ihre Sitzungen: nützlich, wenn ein Telefon verloren ging.",
      },
    },
  },
} satisfies NamespaceGuideTranslation

export default de_guide
