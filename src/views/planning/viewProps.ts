import { planningViews } from "./search"

/**
 * How each view of the planning is laid out. Working hours first: the calendar's grid scrolls
 * inside the page with 06:00 at the top; by resource, the day starts at 06:00 with slots narrow
 * enough for 06:00–21:00 to fit a 1280 px screen, the week has half-day columns (the whole week
 * in view) and the month scrolls to the day asked for.
 */
export const views = {
  viewSelectProps: { views: planningViews },
  // The calendar writes its headers with `text-transform: capitalize` ("Vendredi 27 Novembre"):
  // the labels are shown as the language writes them.
  styles: {
    headerControl: { textTransform: "none" },
    monthYearSelectTarget: { textTransform: "none" },
    monthYearSelectControl: { textTransform: "none" },
  },
} as const

const businessHours = {
  highlightBusinessHours: true,
  businessHours: ["07:00:00", "19:00:00"] as [string, string],
}

export const calendarHours = {
  ...businessHours,
  startScrollTime: "06:00",
  scrollAreaProps: { mah: "max(420px, calc(100dvh - 340px))" },
}

export const resourceDay = { ...businessHours, startScrollTime: "06:00:00", slotWidth: "3.5rem" }

export const resourceWeek = { ...businessHours, intervalMinutes: 720, slotWidth: "3.5rem" }

export const resourceMonth = (date: string) => ({ dayWidth: "2.25rem", startScrollDate: date })
