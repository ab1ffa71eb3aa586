import type { Translation } from "../i18n-types"

/** Planning: the calendar (PlanningMain) and the agenda (PlanningMobile). */
export const planning = {
  title: "Planning",
} satisfies Translation["planning"]
