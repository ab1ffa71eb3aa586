import type { NamespaceGuideTranslation } from "../../i18n/i18n-types"
import type { MenuItem } from "../shell/menu"

type Sections = NamespaceGuideTranslation["sections"]

export interface GuideSection<K extends keyof Sections = keyof Sections> {
  readonly key: K
  /** The section's points, in reading order. */
  readonly points: ReadonlyArray<keyof Sections[K]["points"] & string>
  /** The screens where what it explains is done, named as the menu names them. */
  readonly links: ReadonlyArray<Omit<MenuItem, "requires">>
}

/**
 * The user guide's sections (after the home cards' tasks): what a farmer or a CUMA treasurer
 * needs, in the order they meet it. docs/user-guide.md is the long version for the repository.
 */
export const guideSections = [
  { key: "signIn", points: ["ways", "forgotten", "address", "throttle"], links: [] },
  {
    key: "structures",
    points: ["what", "members", "rights"],
    links: [{ label: "createStructure", to: "/clusters/add" }],
  },
  {
    key: "machines",
    points: ["list", "decimal", "boxes", "page"],
    links: [
      { label: "machineList", to: "/ListMachines" },
      { label: "counterAssociations", to: "/counter" },
    ],
  },
  {
    key: "planning",
    points: ["request", "overlap", "views"],
    links: [
      { label: "globalPlanning", to: "/PlanningMain" },
      { label: "planningMobile", to: "/PlanningMobile" },
    ],
  },
  {
    key: "notifications",
    points: ["bell", "what", "read"],
    links: [{ label: "notifications", to: "/notifications" }],
  },
  {
    key: "announcements",
    points: ["home", "post", "end"],
    links: [{ label: "announcementList", to: "/home/MegaPhone" }],
  },
  {
    key: "account",
    points: ["profile", "confirm", "language", "everywhere"],
    links: [{ label: "seeMyProfile", to: "/me" }],
  },
] as const satisfies ReadonlyArray<{ [K in keyof Sections]: GuideSection<K> }[keyof Sections]>

/** One section as the page lays it out (its point keys already checked above). */
export type GuideSectionShown = Omit<GuideSection, "points"> & { readonly points: ReadonlyArray<string> }
