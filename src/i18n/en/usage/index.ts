import type { NamespaceUsageTranslation } from "../../i18n-types"

const en_usage = {
  machine: {
    intro:
      "What the machine did, day by day, week by week or month by month: the same figures as the list of activities.",
    bucket: "Group",
    day: "By day",
    week: "By week",
    month: "By month",
    periods: {
      day: "The last 30 days",
      week: "The last 12 weeks",
      month: "The last 12 months",
    },
    members: "By member",
    nobody: "No known member",
  },
  figure: "Figure",
  figures: {
    hours: "Hours",
    area: "Hectares",
    distance: "Kilometres",
    fuel: "Litres",
  },
  figureTitles: {
    hours: "Working hours",
    area: "Hectares",
    distance: "Kilometres",
    fuel: "Litres",
  },
  units: {
    hours: "h",
    area: "ha",
    distance: "km",
    fuel: "L",
  },
  chart: "{figure} per {bucket}",
  bucketNames: {
    day: "day",
    week: "week",
    month: "month",
  },
  weekOf: "week of {day}",
  table: "Details",
  when: "Period",
  activityCount: "Activities",
  loading: "Working out the figures…",
  loadFailed: "The figures could not be loaded",
  retry: "Try again",
  empty: "No activity over the period: nothing to count.",
  field: {
    intro: "The work done in this field over a season: each activity counts only for its part in the field.",
    season: "Season",
    campaign: "Season {first}-{last} (Sept. – Aug.)",
    year: "Year {year}",
    fieldArea: "Field area",
    worked: "Area worked",
    coverage: "Coverage",
    coverageValue: "×\u00a0{value}",
    coverageHint: "The area worked divided by the field's: ×\u00a02 means the field was covered twice.",
    passes: "Passes",
    machines: "Machines",
    machine: "Machine",
    last: "Last pass",
    products: "Products",
    product: "Product type",
    noProduct: "Not given",
    months: "Hectares worked per month",
    empty: "No visible activity in this field over the season.",
  },
} satisfies NamespaceUsageTranslation

export default en_usage
