import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"
import { loadAllLocales } from "./i18n/i18n-util.sync"

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
  if (typeof localStorage !== "undefined") localStorage.clear()
})
