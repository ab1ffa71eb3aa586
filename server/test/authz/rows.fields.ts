import type { EndpointRows } from "./matrix"
import { currentWorld } from "./world"

/** The world of the cell being run. */
const world = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld
}
/** Bob, a member of A and of B. */
const currentBob = () => world().ids.A.bob

const square = {
  type: "Polygon",
  coordinates: [
    [
      [1.24, 48.3],
      [1.241, 48.3],
      [1.241, 48.301],
      [1.24, 48.301],
      [1.24, 48.3],
    ],
  ],
}
const file = {
  kind: "other",
  filename: "champ.geojson",
  content: Buffer.from(
    JSON.stringify({ type: "Feature", properties: { name: "Champ" }, geometry: square }),
  ).toString("base64"),
}

/** A member of A holding "Voir les machines" sees A's field; only its owner (or who acts for them) changes it. */
const seen = { holds: ["seeMachines"], lacks: "seeMachines" } as const
const mine = { mine: { field: { owner: "actor" } } } as const

/** Reading one field: whoever sees it (its owner with `@mine`, A's members holding seeMachines). */
export const fieldReader = `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404
      self       A  200 @mine
      holder     A  200
      holder     B  404
      grantee    A  404
      admin      A  404`

/** What lists the fields one sees: anyone signed in may ask; A's field is in it for those who see it. */
const seenByMembers: EndpointRows = {
  ...seen,
  shows: { id: "field", to: ["holder", "self"] },
  variants: mine,
  cells: `
    anonymous  -  401
    outsider   -  200
    lacking    -  200
    holder     -  200
    self       -  200 @mine
    admin      -  200`,
}

/**
 * Fields (docs/rights.md, Fields). Fixtures: each structure has a field owned by a farmer who is
 * a member of it without rights; `@mine` makes A's field the actor's. Seeing it without managing
 * it answers 403 to a change; not seeing it, 404.
 */
export const fieldsRows: Record<string, EndpointRows> = {
  "fields.list": seenByMembers,
  "fields.index": seenByMembers,
  // The tile holding the fixtures' fields (A's and B's lie at the same place).
  "fields.tile": { ...seenByMembers, params: { z: "12", x: "2062", y: "1418" } },
  "fields.get": { id: "field", ...seen, variants: mine, cells: fieldReader },
  "fields.put": {
    id: "field",
    ...seen,
    variants: mine,
    body: () => ({ name: "Renommée", geometry: square }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404
      self       A  200 @mine
      holder     A  403 forbidden
      holder     B  404
      admin      A  404`,
  },
  "fields.owner": {
    id: "field",
    ...seen,
    variants: {
      ...mine,
      toStranger: {
        field: { owner: "actor" },
        body: () => ({ owner: "00000000-0000-4000-8000-000000000000", since: "2025-01-01" }),
      },
    },
    // To Bob, a member of A (and of B).
    body: () => ({ owner: currentBob(), since: "2025-01-01" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  200 @mine
      self       A  403 associationNotAllowed @toStranger
      holder     A  403 forbidden
      holder     B  404
      admin      A  404`,
  },
  "fields.ownerCandidates": {
    id: "field",
    ...seen,
    variants: mine,
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  200 @mine
      holder     A  403 forbidden
      holder     B  404
      admin      A  404`,
  },
  "fields.remove": {
    id: "field",
    ...seen,
    variants: mine,
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  204 @mine
      holder     A  403 forbidden
      holder     B  404
      admin      A  404`,
  },
  "fields.preview": {
    body: () => file,
    cells: `
      anonymous  -  401
      outsider   -  200
      self       -  200`,
  },
  "fields.import": {
    body: () => ({ ...file, keys: [0] }),
    cells: `
      anonymous  -  401
      outsider   -  200
      self       -  200`,
  },
}

/**
 * Field comments (docs/rights.md, Fields): whoever sees the field reads and writes them; the author
 * deletes their own, whoever manages the field any. Fixtures: A's field has a voice comment by its
 * owner (the farmer, or the actor `@mine`); `@authored` makes the comment the actor's.
 */
export const fieldCommentsRows: Record<string, EndpointRows> = {
  "fieldComments.list": {
    ...seen,
    variants: mine,
    query: () => ({ field: world().ids.A.field }),
    shows: { id: "comment", to: ["holder", "self"] },
    cells: `
      anonymous  -  401
      outsider   -  404
      lacking    -  404
      self       -  404
      self       -  200 @mine
      holder     -  200
      admin      -  404`,
  },
  "fieldComments.sound": {
    id: "comment",
    ...seen,
    variants: mine,
    query: () => ({ sound: "true" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404
      self       A  200 @mine
      holder     A  200
      holder     B  404
      admin      A  404`,
  },
  "fieldComments.put": {
    id: "newComment",
    ...seen,
    variants: mine,
    body: () => ({ field: world().ids.A.field, text: "Fossé à curer" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  404
      self       A  200 @mine
      holder     A  200
      admin      A  404`,
  },
  "fieldComments.remove": {
    id: "comment",
    ...seen,
    variants: { ...mine, authored: { comment: { author: "actor" } } },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  404
      self       A  204 @mine
      holder     A  403 forbidden
      holder     A  204 @authored
      holder     B  404
      admin      A  404`,
  },
}
