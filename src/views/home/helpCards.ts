/** SPEC §2 home help cards, each leading to the screen where the task is done. */
export const helpCards = [
  { key: "putBox", to: "/counterMobile" },
  { key: "removeBox", to: "/counter/Association" },
  { key: "workOrder", to: "/ListMachines" },
  { key: "exportData", to: "/reporting" },
  { key: "booking", to: "/ActionBooking" },
  { key: "finishedActivity", to: "/Activitys" },
] as const

export type HelpCardKey = (typeof helpCards)[number]["key"]
