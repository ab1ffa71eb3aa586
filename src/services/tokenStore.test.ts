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

  it("clear() empties ALL local storage and the in-memory copy", () => {
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
})
