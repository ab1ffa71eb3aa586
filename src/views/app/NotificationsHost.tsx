// Imported lazily, and only through here: Mantine's notifications host (transitions, drag and
// scroll handling) then stays out of the first visit (AppProviders).
export { Notifications } from "@mantine/notifications"
