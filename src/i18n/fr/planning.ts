/** Planning: the calendar (PlanningMain) and the agenda (PlanningMobile). */
export const planning = {
  title: "Planning",
}
