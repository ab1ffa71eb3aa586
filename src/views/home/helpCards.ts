/** SPEC §2 home help cards, each leading to the screen where the task is done. */
export const helpCards = [
  /** The wizard (structure and box, then machine and dates). */
  { key: "putBox", to: "/counter/Association" },
  /** The boxes as cards: each current association ends with "Terminer maintenant". */
  { key: "removeBox", to: "/counterMobile" },
  { key: "workOrder", to: "/ListMachines" },
  { key: "exportData", to: "/reporting" },
  { key: "booking", to: "/ActionBooking" },
  { key: "finishedActivity", to: "/Activitys" },
] as const

export type HelpCardKey = (typeof helpCards)[number]["key"]
