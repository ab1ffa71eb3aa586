import { notifications } from "@mantine/notifications"
import { cleanup, configure } from "@testing-library/react"
import { afterEach } from "vitest"
import { loadAllLocales } from "./i18n/i18n-util.sync"

// findBy…/waitFor wait for what the person would see; on a loaded machine a render can take
// seconds, so they wait up to 10 s (a quiet machine answers in milliseconds either way).
configure({ asyncUtilTimeout: 10_000 })

// Components under test switch languages synchronously: every dictionary is loaded up front.
loadAllLocales()

// happy-dom lacks the layout APIs Mantine asks for; components only need them to exist.
if (typeof window !== "undefined") {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Element.prototype.scrollIntoView ??= () => undefined
}

afterEach(() => {
  cleanup()
  // Notifications live in a store of their own, beyond the rendered tree: the next test (or
  // file, in the same module graph) would see them.
  notifications.clean()
  if (typeof localStorage !== "undefined") localStorage.clear()
})
