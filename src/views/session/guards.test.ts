import { describe, expect, it } from "vitest"
import { afterSignIn, guardAuthPage, guardPage, landing } from "./guards"

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
  it("send signed-in people to /, or straight to /me when the profile is incomplete", () => {
    expect(guardAuthPage("signedIn")).toEqual({ kind: "go", to: "/" })
    expect(guardAuthPage("profileIncomplete")).toEqual({ kind: "go", to: "/me" })
    expect(guardAuthPage("signedOut")).toEqual({ kind: "stay" })
  })

  it("send signed-in people on to the page their address asks for (goto), as signing in there does", () => {
    expect(guardAuthPage("signedIn", "/ListMachines")).toEqual({ kind: "go", to: "/ListMachines" })
    expect(guardAuthPage("profileIncomplete", "/ListMachines")).toEqual({ kind: "go", to: "/me" })
    expect(guardAuthPage("signedOut", "/ListMachines")).toEqual({ kind: "stay" })
  })

  it("land a sign-in on the page asked for, or on /me first when the address or city is missing", () => {
    expect(landing("signedIn", "/ListMachines?add=1")).toBe("/ListMachines?add=1")
    expect(landing("signedIn", undefined)).toBe("/")
    expect(landing("profileIncomplete", "/ListMachines")).toBe("/me")
    expect(landing("profileIncomplete", undefined)).toBe("/me")
    // The confirmation link of the mail is /me itself: kept, search included.
    expect(landing("profileIncomplete", "/me?confirm=abc")).toBe("/me?confirm=abc")
    expect(landing("profileIncomplete", "//evil.example/x")).toBe("/me")
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
