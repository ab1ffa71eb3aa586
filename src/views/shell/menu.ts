import type { Translation } from "../../i18n/i18n-types"

/** Menu texts without parameters (the unread count has its own). */
type MenuKey = Exclude<keyof Translation["menu"], "unread">

export interface MenuItem {
  readonly label: MenuKey
  readonly to: string
}

export interface MenuGroup {
  readonly label: MenuKey
  readonly items: ReadonlyArray<MenuItem>
}

/** SPEC §2 menu labels, grouped by what a farmer looks for. Structures get their own list. */
export const menuGroups: ReadonlyArray<MenuGroup> = [
  {
    label: "groupMachines",
    items: [
      { label: "machines", to: "/ListMachines" },
      { label: "fleets", to: "/machinesManagement" },
      { label: "findMyMachines", to: "/GeolocShortcut" },
      { label: "addMachine", to: "/ListMachines?add=1" },
      { label: "expertScreen", to: "/expert" },
      // Databox: the boxes as cards (phone-first); the list of boxes with their associations is /counter.
      { label: "databox", to: "/counterMobile" },
      { label: "counterAssociations", to: "/counter" },
    ],
  },
  {
    label: "groupPlanning",
    items: [
      { label: "planning", to: "/PlanningMobile" },
      { label: "globalPlanning", to: "/PlanningMain" },
    ],
  },
  {
    label: "groupFields",
    items: [
      { label: "workAreas", to: "/FieldsMain" },
      { label: "vegetationIndex", to: "/FieldsVegetationIndex" },
      { label: "addWorkAreas", to: "/FieldsAdd" },
    ],
  },
]

/** The account's own pages, in the user menu. */
export const accountItems: ReadonlyArray<MenuItem> = [
  { label: "seeMyProfile", to: "/me" },
  { label: "notifications", to: "/notifications" },
  { label: "myAccount", to: "/invoicesAccount" },
  { label: "invoices", to: "/factures" },
  { label: "help", to: "/home" },
]
