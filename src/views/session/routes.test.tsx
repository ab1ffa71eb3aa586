import { createMemoryHistory, createRouter } from "@tanstack/react-router"
import { describe, expect, it } from "vitest"
import { routeTree } from "../../routeTree.gen"
import { aUser, settledSession } from "../../testing/render"
import { runningSession } from "./session"

/** Resolves `path` through the real route tree and its guards; returns where the person lands. */
const land = async (path: string, me: Parameters<typeof settledSession>[0]) => {
  const { session } = await settledSession(me)
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { session: runningSession(session) },
  })
  await router.load()
  return router.state.location
}

describe("route guards (SPEC §2)", () => {
  it("sends a signed-out person to /signin with the full target encoded in goto", async () => {
    const location = await land("/machines/12/usages?day=3", null)
    expect(location.pathname).toBe("/signin")
    expect(location.search).toEqual({ goto: "/machines/12/usages?day=3" })
    expect(location.href).toContain("goto=%2Fmachines%2F12%2Fusages%3Fday%3D3")
  })

  it("opens / on /home, and the default sub-pages of sections", async () => {
    expect((await land("/", aUser())).pathname).toBe("/home")
    expect((await land("/machines/12", aUser())).pathname).toBe("/machines/12/activities")
    expect((await land("/fields/7", aUser())).pathname).toBe("/fields/7/activities")
    expect((await land("/maintenance", aUser())).pathname).toBe("/maintenance/dashboard")
    expect((await land("/reporting", aUser())).pathname).toBe("/reporting/areas")
    expect((await land("/admin", aUser())).pathname).toBe("/admin/users")
  })

  it("sends a signed-in person away from /signin and /signup", async () => {
    expect((await land("/signin", aUser())).pathname).toBe("/home")
    expect((await land("/signup", aUser())).pathname).toBe("/home")
  })

  it("holds a profile without address on /me, whatever page is asked", async () => {
    expect((await land("/PlanningMain", aUser({ address: null }))).pathname).toBe("/me")
    expect((await land("/me", aUser({ address: null }))).pathname).toBe("/me")
  })

  it("sends a signed-in person from /signin?goto to that page, or to /me when the address is missing", async () => {
    expect((await land("/signin?goto=%2FListMachines", aUser())).href).toBe("/ListMachines")
    expect((await land("/signin?goto=%2FListMachines", aUser({ address: null }))).pathname).toBe("/me")
    expect((await land("/signup?goto=%2FPlanningMain", aUser({ address: null }))).pathname).toBe("/me")
    expect((await land("/signin?goto=%2F%2Fevil.example", aUser())).pathname).toBe("/home")
  })

  it("leaves the public pages open to everyone", async () => {
    for (const path of [
      "/signup",
      "/signin",
      "/resetPassword",
      "/loginCode",
      "/callback/facebook",
      "/machines/4/pickoff",
    ]) {
      expect((await land(path, null)).pathname).toBe(path)
    }
  })

  it("knows every page of the main shell", async () => {
    const paths = [
      "/Activitys",
      "/clusters/add",
      "/clusters/3",
      "/clusters/3/ClustersMachines",
      "/clusters/3/ClusterUsers",
      "/clusters/3/ClustersRights",
      "/notifications",
      "/me",
      "/factures",
      "/expert",
      "/machines/5/usages",
      "/machines/5/analyses",
      "/machines/5/activities",
      "/machines/5/work_order",
      "/machines/5/assignments",
      "/machines/5/dashboard",
      "/ListMachines",
      "/maintenance/dashboard",
      "/maintenance/machines",
      "/maintenance/rules",
      "/GeolocShortcut",
      "/home",
      "/PlanningMain",
      "/PlanningMobile",
      "/ActionBooking",
      "/fields/2/activities",
      "/fields/2/analyses",
      "/FieldsMain",
      "/FieldsVegetationIndex",
      "/FieldsAdd",
      "/counter",
      "/counter/Association",
      "/home/MegaPhone",
      "/counterMobile",
      "/partners",
      "/partners/callback/agri",
      "/canbus_raw",
      "/reporting/areas",
      "/reporting/machines",
      "/reporting/activities",
      "/machinesManagement",
      "/machinesManagement/paramMaintenance",
      "/machinesManagement/actionsMaintenance",
      "/invoicesAccount",
      "/help",
      "/admin/users",
      "/admin/counters",
      "/admin/counters-attributions",
      "/admin/tags-attributions",
      "/admin/counterdata",
    ]
    const known = async (path: string) => {
      const { session } = await settledSession(aUser())
      const router = createRouter({
        routeTree,
        history: createMemoryHistory({ initialEntries: [path] }),
        context: { session: runningSession(session) },
      })
      await router.load()
      // An unknown path matches the root route alone.
      const matched = router.state.matches.at(-1)?.routeId !== "__root__"
      return matched && router.state.location.pathname === path
    }
    const unknown: string[] = []
    for (const path of paths) if (!(await known(path))) unknown.push(path)
    expect(unknown).toEqual([])
    expect(await known("/NoSuchPage")).toBe(false)
    expect((await land("/home/redireckt/9", aUser())).pathname).toBe("/machines/9/activities")
  })
})
