import type { BaseTranslation } from "../../i18n-types"

/** The vegetation index: the map of the fields' last NDVI, a field's curve over the season. */
const fr_vegetation = {
  intro:
    "L'indice NDVI mesuré par les satellites Sentinel-2 (Copernicus), de 0 (sol nu) à 1 (végétation dense) : une valeur tous les 5 jours, sur les pixels de la parcelle sans nuage.",
  season: "Saison",
  field: "Zone de travail",
  fieldPlaceholder: "Choisissez une zone",
  loading: "Chargement des zones de travail…",
  loadFailed: "Les zones de travail n'ont pas pu être chargées.",
  retry: "Réessayer",
  none: "Aucune zone de travail pour l'instant : importez vos parcelles pour suivre leur végétation.",
  notConfigured: {
    title: "L'indice de végétation n'est pas configuré sur ce serveur",
    text: "Il lui faut un accès au Copernicus Data Space Ecosystem (compte gratuit sur dataspace.copernicus.eu, puis un client OAuth). L'administrateur du serveur doit définir :",
    after: "puis redémarrer le serveur.",
  },
  map: {
    legend: "NDVI le plus récent",
    noValue: "Pas encore de valeur",
    pick: "Touchez une zone sur la carte ou choisissez-la dans la liste pour voir sa courbe.",
  },
  curve: {
    title: "NDVI de {name:string} en {year:number}",
    fetching: "Récupération des images satellite… (cela peut prendre une minute)",
    updated: "Images du {date:string} au plus tard · mis à jour le {fetched:string}",
    latest: "Dernière valeur : {value:string} le {date:string}",
    counts:
      "{clear:number} mesure{{s}} · {cloudy:number} période{{s}} trop nuageuse{{s}} (trous dans la courbe)",
    nothing: "Aucune image exploitable sur cette saison pour l'instant.",
    failed: "La courbe n'a pas pu être chargée.",
    ndvi: "NDVI",
    day: "Jour",
  },
} satisfies BaseTranslation

export default fr_vegetation
