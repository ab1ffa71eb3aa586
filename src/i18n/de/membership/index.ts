import type { NamespaceMembershipTranslation } from "../../i18n-types"

/** Members, invitations, requests to join, notifications, account finalisation. */
const de_membership = {
  rightNeeded: "Erforderliches Recht: {right}",
  cancel: "Abbrechen",
  retry: "Erneut versuchen",
  members: {
    title: "Mitglieder",
    count: "Mitglieder: {count}",
    you: "Sie",
    remove: "Entfernen",
    removeNamed: "{name} entfernen",
    leave: "Struktur verlassen",
    removeTitle: "Dieses Mitglied entfernen?",
    removeText:
      "{name} gehört dann nicht mehr zu {cluster}. Die Zugriffe auf die Maschinen der Struktur werden entfernt.",
    leaveTitle: "Struktur verlassen?",
    leaveText:
      "Sie gehören dann nicht mehr zu {cluster} und haben keinen Zugriff mehr auf ihre Maschinen. Für eine Rückkehr brauchen Sie eine neue Einladung oder eine angenommene Anfrage.",
    removed: "Mitglied entfernt",
    left: "Sie haben {cluster} verlassen",
  },
  invite: {
    title: "Jemanden einladen",
    intro:
      "Wer noch kein Sillon-Konto hat, erhält eine E-Mail zur Kontoerstellung; die anderen eine Benachrichtigung.",
    email: "E-Mail-Adresse",
    role: "Rolle",
    submit: "Einladung senden",
    sent: "Einladung an {email} gesendet",
  },
  invitations: {
    title: "Einladungen",
    empty: "Keine Einladung gesendet",
    line: "{role} · eingeladen von {name} am {date}",
    cancel: "Einladung zurückziehen",
    cancelNamed: "Einladung von {email} zurückziehen",
    status: { sent: "Gesendet", accepted: "Angenommen", declined: "Abgelehnt", cancelled: "Zurückgezogen" },
  },
  requests: {
    title: "Beitrittsanfragen",
    empty: "Keine offene Anfrage",
    line: "{role} · angefragt am {date}",
    accept: "Annehmen",
    refuse: "Ablehnen",
    acceptNamed: "Anfrage von {name} annehmen",
    refuseNamed: "Anfrage von {name} ablehnen",
    accepted: "Anfrage angenommen",
    refused: "Anfrage abgelehnt",
    closed: "Über diese Anfrage wurde bereits entschieden",
  },
  notifications: {
    title: "Benachrichtigungen",
    markAllRead: "Alle als gelesen markieren",
    empty: "Noch keine Benachrichtigung",
    unread: "Ungelesen",
    open: "Als gelesen markieren",
    myInvitations: "Ihre offenen Einladungen",
    invitationFrom: "{name} lädt Sie ein, {cluster} als {role} beizutreten",
    accept: "Annehmen",
    decline: "Ablehnen",
    accepted: "Sie sind {cluster} beigetreten",
    declined: "Einladung abgelehnt",
    invitationClosed: "Diese Einladung ist nicht mehr gültig",
    invitationDone: "Einladung bereits beantwortet",
    requestDone: "Anfrage bereits entschieden",
    requestedRole: "Gewünschte Rolle: {role}",
    kindsNoName: {
      invitationReceived: "Sie sind eingeladen, {cluster} beizutreten",
      invitationAccepted: "Ihre Einladung zu {cluster} wurde angenommen",
      invitationDeclined: "Ihre Einladung zu {cluster} wurde abgelehnt",
      membershipRequested: "Neue Beitrittsanfrage für {cluster}",
    },
    kinds: {
      invitationReceived: "{name} lädt Sie ein, {cluster} beizutreten",
      invitationAccepted: "{name} hat Ihre Einladung zu {cluster} angenommen",
      invitationDeclined: "{name} hat Ihre Einladung zu {cluster} abgelehnt",
      membershipRequested: "{name} möchte {cluster} beitreten",
      membershipAccepted: "Ihre Anfrage, {cluster} beizutreten, wurde angenommen",
      membershipRefused: "Ihre Anfrage, {cluster} beizutreten, wurde abgelehnt",
    },
  },
  finalise: {
    title: "Konto erstellen",
    invited: "{name} lädt Sie ein, {cluster} auf Sillon beizutreten.",
    intro: "Geben Sie Ihren Namen an und wählen Sie ein Passwort, um Ihr Konto zu aktivieren.",
    submit: "Mein Konto erstellen",
    toSignIn: "Zur Anmeldung",
  },
} satisfies NamespaceMembershipTranslation

export default de_membership
