import { beforeEach, describe, expect, it } from "vitest"
import { accessTokenKey, makeTokenStore, refreshTokenKey, type TokenEvent } from "./tokenStore"

beforeEach(() => localStorage.clear())

describe("token store", () => {
  it("keeps the access token under `jwt` and reads it back on the next visit", () => {
    makeTokenStore(localStorage).set({ token: "access", refreshToken: "refresh" })
    expect(localStorage.getItem(accessTokenKey)).toBe("access")
    expect(localStorage.getItem(refreshTokenKey)).toBe("refresh")
    const next = makeTokenStore(localStorage)
    expect([next.token(), next.refreshToken()]).toEqual(["access", "refresh"])
  })

  it("clear() empties ALL local storage", () => {
    localStorage.setItem("theme", "dark")
    const store = makeTokenStore(localStorage)
    store.set({ token: "access", refreshToken: "refresh" })
    store.clear()
    expect(localStorage.length).toBe(0)
    expect([store.token(), store.refreshToken()]).toEqual([null, null])
  })

  it("tells subscribers about refreshes and expiry, until they unsubscribe", () => {
    const store = makeTokenStore(localStorage)
    const heard: TokenEvent[] = []
    const unsubscribe = store.subscribe((event) => heard.push(event))
    store.refreshed({ token: "new", refreshToken: "r" })
    store.expire()
    unsubscribe()
    store.refreshed({ token: "later", refreshToken: "r" })
    expect(heard).toEqual([{ type: "refreshed", token: "new" }, { type: "expired" }])
    expect(store.token()).toBe("later")
  })

  it("reads what another tab stored: a refresh made there is used here", () => {
    const here = makeTokenStore(localStorage, new EventTarget())
    const otherTab = makeTokenStore(localStorage, new EventTarget())
    here.set({ token: "a1", refreshToken: "r1" })
    otherTab.refreshed({ token: "a2", refreshToken: "r2" })
    expect([here.token(), here.refreshToken()]).toEqual(["a2", "r2"])
  })

  it("hears another tab: a new access token as refreshed, a cleared one as expired; other keys are ignored", () => {
    const window = new EventTarget()
    const store = makeTokenStore(localStorage, window)
    const heard: TokenEvent[] = []
    store.subscribe((event) => heard.push(event))
    const storageEvent = (
      key: string | null,
      newValue: string | null,
      storageArea: Storage = localStorage,
    ) => {
      const event = new Event("storage")
      Object.assign(event, { key, newValue, storageArea })
      window.dispatchEvent(event)
    }
    storageEvent(accessTokenKey, "from-other-tab")
    storageEvent("sillon.locale", "de")
    storageEvent(accessTokenKey, "elsewhere", sessionStorage)
    storageEvent(accessTokenKey, null)
    storageEvent(null, null)
    expect(heard).toEqual([
      { type: "refreshed", token: "from-other-tab" },
      { type: "expired" },
      { type: "expired" },
    ])
  })
})
