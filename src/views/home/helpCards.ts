/** SPEC §2 home help cards, each leading to the screen where the task is done. */
export const helpCards = [
  /** The wizard (structure and box, then machine and dates). */
  { key: "putBox", to: "/counter/Association" },
  /** The removal mode: the boxes on a machine, each with "Retirer le boîtier X de Y". */
  { key: "removeBox", to: "/counterMobile", search: { remove: 1 } },
  { key: "workOrderCard", to: "/ListMachines" },
  /** The list of activities, filtered as the person wants, with "Exporter mes données". */
  { key: "exportData", to: "/Activitys" },
  { key: "bookingCard", to: "/ActionBooking" },
  /** The driver confirms the activity just ended: field, product type, a word for the office. */
  { key: "finishedActivity", to: "/Activitys/finished" },
] as const

export type HelpCardKey = (typeof helpCards)[number]["key"]
