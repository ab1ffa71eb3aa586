import type { EndpointRows } from "./matrix"
import { currentWorld } from "./world"

const a = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld.ids.A
}

/** BLE tags: each structure has an unattached machine tag. */
export const bleTagsRows: Record<string, EndpointRows> = {
  "bleTags.list": {
    shows: { id: "tag", to: ["self"] },
    cells: `
      anonymous  -  401
      self       -  200
      outsider   -  200
      admin      -  200`,
  },
  "bleTags.attribute": {
    id: "tag",
    holds: ["editMachine"],
    lacks: "editMachine",
    body: () => ({ machine: a().machine }),
    variants: {
      // A machine tag given to a person, even a member.
      person: { body: () => ({ user: a().bob }) },
    },
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      holder     A  403 associationNotAllowed @person
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
}
