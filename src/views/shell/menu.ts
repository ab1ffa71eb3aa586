import type { NamespaceShellMenuTranslation } from "../../i18n/i18n-types"
import type { Right } from "../../schema/rights"

/** Menu texts without parameters (the unread count has its own). */
type MenuKey = Exclude<keyof NamespaceShellMenuTranslation, "unread">

export interface MenuItem {
  readonly label: MenuKey
  readonly to: string
  /**
   * Shown only to a person holding this right in at least one of their structures: the screen
   * works on a structure's data, and without the right there is nothing on it for them.
   */
  readonly requires?: Right
}

export interface MenuGroup {
  readonly label: MenuKey
  readonly items: ReadonlyArray<MenuItem>
}

/** Entries above the groups, for everyone: the home cards and the announcements. */
export const topItems: ReadonlyArray<MenuItem> = [
  { label: "home", to: "/home" },
  { label: "announcementList", to: "/home/MegaPhone" },
]

/**
 * SPEC §2 menu labels, grouped by what a farmer looks for, then the screens SPEC lists without a
 * label (maintenance, raw CAN data, reporting, partners). Structures get their own list. SPEC §6
 * names no right for those screens; the menu reads them as: maintenance, raw CAN data and reports
 * concern a structure's machines ("Voir les machines"), partner integrations connect a structure
 * ("Modifier les informations de la structure").
 */
export const menuGroups: ReadonlyArray<MenuGroup> = [
  {
    label: "groupMachines",
    items: [
      { label: "machineList", to: "/ListMachines" },
      { label: "fleets", to: "/machinesManagement" },
      { label: "findMyMachines", to: "/GeolocShortcut" },
      { label: "addMachine", to: "/ListMachines?add=1" },
      { label: "expertScreen", to: "/expert" },
      // Databox: the boxes as cards (phone-first); the list of boxes with their associations is /counter.
      { label: "databox", to: "/counterMobile" },
      { label: "counterAssociations", to: "/counter" },
      { label: "maintenance", to: "/maintenance", requires: "seeMachines" },
      { label: "canbusRaw", to: "/canbus_raw", requires: "seeMachines" },
    ],
  },
  {
    label: "groupPlanning",
    items: [
      { label: "planningMobile", to: "/PlanningMobile" },
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
  {
    label: "groupManagement",
    items: [
      { label: "reporting", to: "/reporting", requires: "seeMachines" },
      { label: "partners", to: "/partners", requires: "editCluster" },
    ],
  },
]

/** The account's own pages, in the user menu. */
export const accountItems: ReadonlyArray<MenuItem> = [
  { label: "seeMyProfile", to: "/me" },
  { label: "notifications", to: "/notifications" },
  { label: "myAccount", to: "/invoicesAccount" },
  { label: "invoices", to: "/factures" },
  { label: "help", to: "/help" },
]

/** Every right the person holds in at least one structure; none while the structures load. */
export const rightsHeld = (
  clusters: ReadonlyArray<{ readonly myRights: ReadonlyArray<Right> }> | null,
): ReadonlySet<Right> => new Set(clusters?.flatMap((cluster) => cluster.myRights) ?? [])

/** The entries a person with these rights can use. */
export const usableItems = (
  items: ReadonlyArray<MenuItem>,
  held: ReadonlySet<Right>,
): ReadonlyArray<MenuItem> => items.filter((item) => item.requires === undefined || held.has(item.requires))
