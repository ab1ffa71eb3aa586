import { createMemoryHistory, createRouter } from "@tanstack/react-router"
import { describe, expect, it } from "vitest"
import { routeTree } from "../../routeTree.gen"
import { rights } from "../../schema/rights"
import { sectionTabs } from "../common/sections"
import { guideSections } from "../help/guide"
import { helpCards } from "../home/helpCards"
import { accountItems, menuGroups, rightsHeld, topItems, usableItems } from "./menu"

/** Every path of the route tree (`$params` unfilled), as the router knows them. */
const routePaths = (): ReadonlyArray<string> => {
  const router = createRouter({
    routeTree,
    history: createMemoryHistory(),
    context: { session: null as never },
  })
  return Object.keys(router.routesByPath)
}

/** What the menus open, for a person holding every right: the entries, then each structure's page. */
const menuTargets = [
  ...topItems,
  ...menuGroups.flatMap((group) => group.items),
  ...accountItems,
  { to: "/clusters/add" },
  { to: "/clusters/$idCluster" },
].map((item) => item.to)

/** The pages a page links to, beyond its tabs. */
const linksFrom: Record<string, ReadonlyArray<string>> = {
  "/home": helpCards.map((card) => card.to),
  "/help": [...helpCards.map((card) => card.to), ...guideSections.flatMap((s) => s.links.map((l) => l.to))],
}

/** Where each section's tabs live (the route files give `Section` the same base). */
const sectionBase: Record<keyof typeof sectionTabs, string> = {
  machine: "/machines/$idmachine",
  field: "/fields/$idField",
  cluster: "/clusters/$idCluster",
  maintenance: "/maintenance",
  reporting: "/reporting",
  machinesManagement: "/machinesManagement",
  counter: "/counter",
  admin: "/admin",
}
for (const [section, base] of Object.entries(sectionBase)) {
  linksFrom[base] = [
    ...(linksFrom[base] ?? []),
    ...sectionTabs[section as keyof typeof sectionTabs].map((tab) =>
      `${base}/${tab.path}`.replace(/\/$/, ""),
    ),
  ]
}

/** Screens of one thing, opened from the list where that thing is picked. */
const fromTheirList: Record<string, string> = {
  "/machines/$idmachine": "/ListMachines",
  "/fields/$idField": "/FieldsMain",
  "/Activitys/$idActivity": "/Activitys",
  // The home card "J'ai terminé mon activité" (and the guide's) opens it.
  "/Activitys/finished": "/home",
  // A shortcut (a box's sticker, a notification) that opens a machine's page.
  "/home/redireckt/$idmachine": "/ListMachines",
  // The partner's site sends the person back here after a connection started on /partners.
  "/partners/callback/$partnerName": "/partners",
}

/** Routes that are no screen of the signed-in menu, and why. */
const outsideTheMenu: Record<string, string> = {
  "/": "the site's own address, which opens /home",
  "/signin": "public: signing in",
  "/signup": "public: creating an account",
  "/resetPassword": "public: a forgotten password, and the mailed link",
  "/loginCode": "public: signing in with a code, and the mailed link",
  "/callback/facebook": "public: Facebook's return after signing in",
  "/machines/$idmachine/pickoff": "public: the link on a box's sticker",
  "/admin": "platform administrators open it by its address; the profile does not say who they are",
}

const pathOf = (to: string) => to.replace(/[?#].*$/, "")

/** Every page a person can reach from `start` (the menu), following links and tabs. */
const reachable = (start: ReadonlyArray<string> = menuTargets): ReadonlySet<string> => {
  const seen = new Set<string>()
  const queue = start.map(pathOf)
  for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
    if (seen.has(page)) continue
    seen.add(page)
    queue.push(...(linksFrom[page] ?? []).map(pathOf))
    for (const [screen, list] of Object.entries(fromTheirList)) if (list === page) queue.push(screen)
  }
  return seen
}

describe("the menu reaches every screen", () => {
  it("leads to every route of the tree, directly or through a page it opens", () => {
    const reached = reachable()
    const outside = reachable(Object.keys(outsideTheMenu))
    expect(routePaths().filter((path) => !reached.has(path) && !outside.has(path))).toEqual([])
  })

  it("opens only pages that exist, and reaches the screens it allows for through their lists", () => {
    const paths = new Set(routePaths())
    const reached = reachable()
    expect([...reached].filter((page) => !paths.has(page))).toEqual([])
    for (const [screen, list] of Object.entries(fromTheirList)) {
      expect(paths.has(screen), screen).toBe(true)
      expect(reached.has(list), `${screen} from ${list}`).toBe(true)
    }
  })

  it("has entries for maintenance, reporting and partners, and the account menu's help opens the guide", () => {
    const entries = menuGroups.flatMap((group) => group.items).map((item) => item.to)
    expect(entries).toEqual(expect.arrayContaining(["/maintenance", "/reporting", "/partners"]))
    expect(accountItems.find((item) => item.label === "help")?.to).toBe("/help")
  })
})

describe("entries follow the person's rights", () => {
  const visible = (held: ReadonlyArray<(typeof rights)[number]>) =>
    menuGroups.flatMap((group) => usableItems(group.items, rightsHeld([{ myRights: held }]))).map((i) => i.to)

  it("shows every entry to a person holding every right", () => {
    expect(visible(rights)).toEqual(menuGroups.flatMap((group) => group.items).map((item) => item.to))
  })

  it("leaves out maintenance, reports and partners without the rights they need", () => {
    const none = visible([])
    for (const to of ["/maintenance", "/canbus_raw", "/reporting", "/partners"])
      expect(none).not.toContain(to)
    expect(none).toContain("/ListMachines")
    expect(visible(["seeMachines"])).toEqual(expect.arrayContaining(["/maintenance", "/reporting"]))
    expect(visible(["seeMachines"])).not.toContain("/partners")
    expect(visible(["editCluster"])).toContain("/partners")
  })

  it("counts a right held in any one of the person's structures, and none while they load", () => {
    expect([...rightsHeld([{ myRights: ["bookMachine"] }, { myRights: ["editCluster"] }])]).toEqual([
      "bookMachine",
      "editCluster",
    ])
    expect(rightsHeld(null).size).toBe(0)
  })
})
