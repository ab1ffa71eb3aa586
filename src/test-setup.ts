import { cleanup } from "@testing-library/react"
import { afterEach } from "vitest"

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
