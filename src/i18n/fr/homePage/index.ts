import type { BaseTranslation } from "../../i18n-types"

/** The home page: the day's overview and the help cards (also listed by the help page). */
const fr_homePage = {
  overview: {
    title: "Aujourd'hui",
    failed: "L'aperçu de la journée n'a pas pu être lu",
    retry: "Réessayer",
    quiet:
      "Rien à signaler : aucune machine en marche, aucune réservation aujourd'hui ni demain, rien à examiner.",
    working: "En marche maintenant ({count:number})",
    onMap: "Voir sur la carte",
    speed: "{speed:string} km/h · {ago:string}",
    today: "Réservations aujourd'hui ({count:number})",
    tomorrow: "Réservations demain ({count:number})",
    requested: "À accepter",
    accepted: "Acceptée",
    forWhom: "pour {name:string}",
    disputes: "Contestations à examiner ({count:number})",
    disputeLine: "{machine:string} · activité du {when:string} · contestée par {name:string}",
    boxes: "Boîtiers à vérifier ({count:number})",
    silent: "dernière nouvelle {ago:string}",
    lowBattery: "batterie {battery:number} %",
    maintenance: "Entretien à prévoir ({count:number})",
    maintenanceAll: "Tableau de bord",
    maintenanceStatus: { soon: "Bientôt", due: "À faire", overdue: "En retard" },
  },
  title: "Bienvenue sur Sillon",
  intro: "Que voulez-vous faire ? Chaque carte explique une tâche courante et vous y emmène.",
  open: "J'y vais",
  putBox: {
    title: "Poser un boîtier sur une machine",
    text: "Associez une Databox à une machine pour suivre son travail automatiquement.",
  },
  removeBox: {
    title: "Retirer un boîtier",
    text: "Mettez fin à l'association d'une Databox avant de la poser ailleurs.",
  },
  workOrderCard: {
    title: "Faire un bon de travail",
    text: "Préparez un bon de travail pour une machine et la personne qui la conduit.",
  },
  exportData: {
    title: "Exporter mes données",
    text: "Téléchargez vos rapports par zone de travail, machine ou activité.",
  },
  bookingCard: {
    title: "Faire une réservation",
    text: "Réservez des machines et des salariés pour une période, un lieu ou une zone dessinée.",
  },
  finishedActivity: {
    title: "J'ai terminé mon activité",
    text: "Vérifiez et complétez l'activité enregistrée par le boîtier.",
  },
} satisfies BaseTranslation

export default fr_homePage
