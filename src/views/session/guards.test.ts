import { describe, expect, it } from "vitest"
import { afterSignIn, guardAuthPage, guardPage } from "./guards"

describe("guarded pages", () => {
  it("send signed-out people to sign in with the full target, search included", () => {
    expect(guardPage("signedOut", "/machines/12/usages?from=2024-01-01", "/machines/12/usages")).toEqual({
      kind: "signIn",
      goto: "/machines/12/usages?from=2024-01-01",
    })
  })

  it("force an incomplete profile to /me, except on /me itself", () => {
    expect(guardPage("profileIncomplete", "/home", "/home")).toEqual({ kind: "go", to: "/me" })
    expect(guardPage("profileIncomplete", "/me", "/me")).toEqual({ kind: "stay" })
  })

  it("let a signed-in person with a complete profile through", () => {
    expect(guardPage("signedIn", "/home", "/home")).toEqual({ kind: "stay" })
    expect(guardPage("signedIn", "/me", "/me")).toEqual({ kind: "stay" })
  })
})

describe("sign-in and sign-up pages", () => {
  it("send signed-in people to /", () => {
    expect(guardAuthPage("signedIn")).toEqual({ kind: "go", to: "/" })
    expect(guardAuthPage("profileIncomplete")).toEqual({ kind: "go", to: "/" })
    expect(guardAuthPage("signedOut")).toEqual({ kind: "stay" })
  })

  it("return to the requested page after sign-in, or to /", () => {
    expect(afterSignIn("/fields/3/analyses?year=2024")).toBe("/fields/3/analyses?year=2024")
    expect(afterSignIn(undefined)).toBe("/")
    expect(afterSignIn("")).toBe("/")
  })

  it("never follow a destination outside the site", () => {
    expect(afterSignIn("//evil.example/x")).toBe("/")
    expect(afterSignIn("https://evil.example")).toBe("/")
    expect(afterSignIn("/\\evil.example")).toBe("/")
  })
})
