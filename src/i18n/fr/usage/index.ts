import type { BaseTranslation } from "../../i18n-types"

/** How much, over what period: a machine's use (usages tab), a field's season (analyses tab). */
const fr_usage = {
  machine: {
    intro:
      "Ce que la machine a fait, jour par jour, semaine par semaine ou mois par mois : les mêmes chiffres que la liste des activités.",
    bucket: "Regrouper",
    day: "Par jour",
    week: "Par semaine",
    month: "Par mois",
    periods: {
      day: "Les 30 derniers jours",
      week: "Les 12 dernières semaines",
      month: "Les 12 derniers mois",
    },
    members: "Par membre",
    nobody: "Sans membre connu",
  },
  figure: "Chiffre",
  figures: {
    hours: "Heures",
    area: "Hectares",
    distance: "Kilomètres",
    fuel: "Litres",
  },
  figureTitles: {
    hours: "Heures de travail",
    area: "Hectares",
    distance: "Kilomètres",
    fuel: "Litres",
  },
  units: {
    hours: "h",
    area: "ha",
    distance: "km",
    fuel: "L",
  },
  chart: "{figure:string} par {bucket:string}",
  bucketNames: {
    day: "jour",
    week: "semaine",
    month: "mois",
  },
  weekOf: "sem. du {day:string}",
  table: "Le détail",
  when: "Période",
  activityCount: "Activités",
  loading: "Calcul des chiffres…",
  loadFailed: "Les chiffres n'ont pas pu être chargés",
  retry: "Réessayer",
  empty: "Aucune activité sur la période : rien à compter.",
  field: {
    intro:
      "Le travail fait dans cette parcelle sur une campagne : chaque activité n'y compte que pour sa part dans la parcelle.",
    season: "Campagne",
    campaign: "Campagne {first:number}-{last:number} (sept. – août)",
    year: "Année {year:number}",
    fieldArea: "Surface de la parcelle",
    worked: "Surface travaillée",
    coverage: "Couverture",
    coverageValue: "×\u00a0{value:string}",
    coverageHint:
      "La surface travaillée divisée par celle de la parcelle : ×\u00a02 veut dire que la parcelle a été couverte deux fois.",
    passes: "Passages",
    machines: "Machines",
    machine: "Machine",
    last: "Dernier passage",
    products: "Produits",
    product: "Type de produit",
    noProduct: "Non renseigné",
    months: "Hectares travaillés par mois",
    empty: "Aucune activité visible dans cette parcelle sur la campagne.",
  },
} satisfies BaseTranslation

export default fr_usage
