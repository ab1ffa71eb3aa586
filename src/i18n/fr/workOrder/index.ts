import type { BaseTranslation } from "../../i18n-types"

/** The work order (bon de travail): the machine tab that prepares it, and the PDF itself. */
const fr_workOrder = {
  intro:
    "Choisissez les activités de la machine à porter sur le bon : il est établi en PDF, avec les parcelles, les chauffeurs, les heures et les surfaces, et une place pour les signatures.",
  choose: "Activités à porter sur le bon",
  chooseAll: "Tout cocher",
  chooseNone: "Tout décocher",
  chosen: "{count:number} activité{{s}} choisie{{s}}",
  note: "Observations (facultatif)",
  notePlaceholder: "Consignes, incidents, produit utilisé…",
  language: "Langue du bon",
  make: "Établir le bon de travail (PDF)",
  making: "Établissement du bon…",
  made: "Bon de travail établi : {file:string}",
  failed: "Le bon de travail n'a pas pu être établi",
  empty: "Aucune activité de cette machine sur la période : rien à porter sur un bon.",
  pdf: {
    title: "Bon de travail",
    number: "N° {number:string}",
    issued: "Établi le {date:string}",
    machine: "Machine",
    structure: "Structure",
    period: "Période",
    periodValue: "du {first:string} au {last:string}",
    date: "Date",
    time: "Horaires",
    fields: "Parcelles",
    drivers: "Chauffeurs",
    member: "Pour",
    product: "Produit",
    hours: "Heures (h)",
    area: "Surface (ha)",
    distance: "Distance (km)",
    fuel: "Carburant (L)",
    total: "Total",
    none: "—",
    note: "Observations",
    driverSignature: "Signature du chauffeur",
    clientSignature: "Signature du client",
    page: "Page {page:number} / {pages:number}",
    footer: "Établi par Sillon à partir des traces du boîtier de la machine.",
  },
} satisfies BaseTranslation

export default fr_workOrder
