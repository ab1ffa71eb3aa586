import { randomUUID } from "node:crypto"
import type { EndpointRows } from "./matrix"
import { currentWorld } from "./world"

const a = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld.ids.A
}

const nonAdmins = `
      anonymous  -  401
      outsider   -  403 forbidden
      self       -  403 forbidden
      holder     -  403 forbidden`

/** The admin area: platform administrators only. `A` targets only name A's objects in the path. */
export const adminRows: Record<string, EndpointRows> = {
  "admin.users": {
    cells: `${nonAdmins}
      admin      -  200`,
  },
  "admin.setAdmin": {
    // `:userId` is Bob; `cluster` only marks the call as aimed at A's objects.
    id: "cluster",
    body: () => ({ admin: true }),
    variants: {
      // The actor, the only administrator, giving it up.
      last: { user: "actor", body: () => ({ admin: false }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  403 forbidden
      holder     A  403 forbidden
      admin      A  200
      admin      A  403 modificationNotAllowed @last`,
  },
  "admin.counters": {
    shows: { id: "counter", to: ["admin"] },
    cells: `${nonAdmins}
      admin      -  200`,
  },
  "admin.registerCounter": {
    body: () => ({ id: `NEW-${randomUUID().slice(0, 8)}` }),
    variants: { existing: { body: () => ({ id: a().counter }) } },
    cells: `${nonAdmins}
      admin      -  201
      admin      -  409 counterExists @existing`,
  },
  "admin.rotateSecret": {
    id: "counter",
    cells: `
      anonymous  A  401
      outsider   A  403 forbidden
      self       A  403 forbidden
      holder     A  403 forbidden
      admin      A  200`,
  },
  "admin.attributeCounter": {
    id: "counter",
    body: () => ({ cluster: a().cluster }),
    variants: {
      // The box is on A's machine now: it stays in A.
      away: { body: () => ({ cluster: null }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  403 forbidden
      holder     A  403 forbidden
      admin      A  200
      admin      A  403 modificationNotAllowed @away`,
  },
  "admin.counterAssociations": {
    // A's box, on A's machine since yesterday: the administrator, member of no structure, sees it.
    id: "counter",
    shows: { id: "association", to: ["admin"] },
    cells: `
      anonymous  A  401
      outsider   A  403 forbidden
      self       A  403 forbidden
      holder     A  403 forbidden
      admin      A  200`,
  },
  "admin.bleTags": {
    shows: { id: "tag", to: ["admin"] },
    cells: `${nonAdmins}
      admin      -  200`,
  },
  "admin.registerTag": {
    body: () => ({ id: `NEW-${randomUUID().slice(0, 8)}`, type: "user" }),
    variants: { existing: { body: () => ({ id: a().tag, type: "machine" }) } },
    cells: `${nonAdmins}
      admin      -  201
      admin      -  409 tagExists @existing`,
  },
  "admin.attributeTag": {
    id: "tag",
    body: () => ({ cluster: null }),
    cells: `
      anonymous  A  401
      outsider   A  403 forbidden
      holder     A  403 forbidden
      admin      A  200`,
  },
}
