import type { NamespaceHomePageTranslation } from "../../i18n-types"

/** The home page: the day's overview and the help cards (also listed by the help page). */
const en_homePage = {
  overview: {
    title: "Today",
    failed: "The day's overview could not be read",
    retry: "Try again",
    quiet: "Nothing to report: no machine working, no booking today or tomorrow, nothing to look at.",
    working: "Working now ({count})",
    onMap: "See on the map",
    speed: "{speed} km/h · {ago}",
    today: "Bookings today ({count})",
    tomorrow: "Bookings tomorrow ({count})",
    requested: "To accept",
    accepted: "Accepted",
    forWhom: "for {name}",
    disputes: "Disputes to look at ({count})",
    disputeLine: "{machine} · activity of {when} · disputed by {name}",
    boxes: "Boxes to check ({count})",
    silent: "last heard {ago}",
    lowBattery: "battery {battery} %",
    maintenance: "Maintenance to plan ({count})",
    maintenanceAll: "Dashboard",
    maintenanceStatus: { soon: "Soon", due: "Due", overdue: "Overdue" },
  },
  title: "Welcome to Sillon",
  intro: "What would you like to do? Each card explains a common task and takes you there.",
  open: "Go",
  putBox: {
    title: "Put a box on a machine",
    text: "Associate a Databox with a machine to record its work automatically.",
  },
  removeBox: {
    title: "Remove a box",
    text: "End a Databox association before putting the box somewhere else.",
  },
  workOrderCard: {
    title: "Make a work order",
    text: "Prepare a work order for a machine and the person who drives it.",
  },
  exportData: {
    title: "Export my data",
    text: "Download your reports by work area, machine or activity.",
  },
  bookingCard: {
    title: "Make a booking",
    text: "Book machines and employees for a period, a place or a drawn area.",
  },
  finishedActivity: {
    title: "I finished my activity",
    text: "Check and complete the activity the box recorded.",
  },
} satisfies NamespaceHomePageTranslation

export default en_homePage
