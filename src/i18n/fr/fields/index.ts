import type { BaseTranslation } from "../../i18n-types"

/** Work areas: the list and map, imports, a field's page, the maps' basemap. */
const fr_fields = {
  list: {
    intro: "Vos parcelles et celles des membres de vos structures, sur la carte et en liste.",
    search: "Rechercher une zone",
    owner: "Propriétaire",
    allOwners: "Tous les propriétaires",
    add: "Ajouter ou importer des zones",
    none: "Aucune zone de travail pour l'instant : importez vos parcelles Telepac pour commencer.",
    noMatch: "Aucune zone ne correspond à cette recherche.",
    loadFailed: "Les zones de travail n'ont pas pu être chargées.",
    retry: "Réessayer",
    total: "{count:number} zone{{s}} · {area:string} ha",
    name: "Nom",
    area: "Surface",
    crop: "Culture",
  },
  area: "{area:string} ha",
  import: {
    intro:
      "Importez vos parcelles depuis Telepac ou un autre logiciel : un aperçu s'affiche, rien n'est enregistré avant votre confirmation.",
    kind: "Type de fichier",
    telepac: "Export Telepac « parcelles » (shapefile zippé ou XML)",
    other: "Autre fichier (KML, KMZ, GeoJSON, shapefile zippé, GeoPackage)",
    file: "Fichier",
    fileHelp: "15 Mo au plus",
    reading: "Lecture du fichier…",
    previewTitle: "Aperçu : {count:number} surface{{s}} dans {filename:string}",
    skipped:
      "{points:number} point(s) et {lines:number} ligne(s) du fichier ne sont pas des surfaces : ignorés.",
    keep: "Importer",
    declared: "Surface Telepac",
    action: "Ce qui sera fait",
    create: "Nouvelle zone",
    update: "Met à jour « {name:string} »",
    unchanged: "Déjà à jour",
    refused: "Contour invalide : {reason:string}",
    confirm: "Importer {count:number} zone{{s}}",
    nothingChosen: "Cochez au moins une parcelle à importer.",
    saving: "Enregistrement…",
    done: "{created:number} zone(s) créée(s), {updated:number} mise(s) à jour, {unchanged:number} inchangée(s).",
    again: "Importer un autre fichier",
    seeFields: "Voir les zones de travail",
    draw: "Dessiner une zone à la main n'est pas encore proposé : importez un fichier.",
  },
  page: {
    facts: "La zone",
    owner: "Propriétaire",
    since: "depuis le {date:string}",
    pac: "Îlot {island:string}, parcelle {parcel:string}",
    pacage: "PACAGE {pacage:string}",
    campaign: "campagne {campaign:number}",
    declared: "Surface déclarée à la PAC : {area:string} ha",
    crop: "Culture",
    owners: "Propriétaires successifs",
    ownerPeriod: "{name:string} : du {since:string} au {until:string}",
    ownerCurrent: "{name:string} : depuis le {since:string}",
    activitiesEmpty:
      "Les activités des machines sur cette zone s'afficheront ici dès que les boîtiers enverront leurs traces.",
    analysesEmpty: "Les analyses (indice de végétation, rendements) de cette zone s'afficheront ici.",
    notFound: "Cette zone de travail est introuvable, ou vous n'y avez pas accès.",
    back: "Toutes les zones",
  },
  map: {
    label: "Carte des zones de travail",
    fallback: "Fond IGN injoignable : carte simplifiée.",
    ortho: "Photos aériennes",
    plan: "Plan IGN",
  },
} satisfies BaseTranslation

export default fr_fields
