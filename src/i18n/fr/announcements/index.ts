import type { BaseTranslation } from "../../i18n-types"

/** Announcements ("Annonces", /home/MegaPhone) and their place on the home page. */
const fr_announcements = {
  title: "Annonces",
  intro:
    "Les messages des responsables de vos structures à leurs membres : une machine en panne, l'aire de lavage fermée, une réunion…",
  none: "Aucune annonce en cours.",
  loadFailed: "Les annonces n'ont pas pu être chargées",
  retry: "Réessayer",
  urgent: "Urgent",
  unread: "Non lue",
  byline: "{name:string} · {cluster:string} · {date:string}",
  someone: "Un ancien membre",
  until: "Jusqu'au {date:string}",
  markRead: "Marquer comme lue",
  read: "Lue",
  end: "Terminer l'annonce",
  endTitle: "Terminer cette annonce ?",
  endWarning: "Elle ne s'affichera plus pour aucun membre de la structure.",
  keep: "La garder",
  form: {
    title: "Nouvelle annonce",
    cluster: "Structure",
    message: "Message",
    placeholder: "Le pulvérisateur est en panne jusqu'à jeudi : ne le réservez pas.",
    remaining: "{count:number} caractère{{s}} restant{{s}}",
    urgent: "Urgente",
    urgentHint: "Affichée en premier, en rouge, et envoyée aussi par e-mail aux membres.",
    endsAt: "Fin de l'annonce (facultatif)",
    endsAtHint: "Sans date de fin, elle s'affiche jusqu'à ce que quelqu'un la termine.",
    send: "Publier l'annonce",
    sent: "Annonce publiée : les membres de {cluster:string} sont prévenus.",
  },
  home: {
    title: "Annonces",
    all: "Toutes les annonces ({count:number})",
  },
} satisfies BaseTranslation

export default fr_announcements
