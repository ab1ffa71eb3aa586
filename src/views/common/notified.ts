/**
 * Whether a notification has been shown yet: useNotify, the only way the app shows one, says so
 * here, and AppProviders loads Mantine's notifications host with the first one. Kept apart from
 * @mantine/notifications, whose store would otherwise come with every page.
 */
let notified = false
const listeners = new Set<() => void>()

export const noteNotified = (): void => {
  if (notified) return
  notified = true
  for (const listener of [...listeners]) listener()
}

export const subscribeNotified = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const wasNotified = (): boolean => notified
