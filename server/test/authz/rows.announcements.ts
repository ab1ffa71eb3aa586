import type { EndpointRows } from "./matrix"
import { currentWorld } from "./world"

/** The structure A of the cell being run. */
const clusterA = () => {
  if (!currentWorld) throw new Error("no world built for this cell")
  return currentWorld.ids.A.cluster
}

/**
 * Announcements (docs/rights.md#announcements): every member of a structure reads its
 * announcements and marks them read; those holding "Modifier les informations de la structure"
 * (editCluster) post and end them. Outside the structure, an announcement does not exist (404).
 */
export const announcementsRows: Record<string, EndpointRows> = {
  "announcements.list": {
    lacks: "editCluster",
    shows: { id: "announcement", to: ["holder", "lacking", "self"] },
    cells: `
      anonymous  -  401
      outsider   -  200
      holder     -  200
      lacking    -  200
      self       -  200
      admin      -  200`,
  },
  "announcements.put": {
    id: "newAnnouncement",
    holds: ["editCluster"],
    lacks: "editCluster",
    body: () => ({ cluster: clusterA(), message: "Le pulvérisateur est en panne jusqu'à jeudi" }),
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  200
      grantee    A  404
      admin      A  404`,
  },
  "announcements.read": {
    id: "announcement",
    lacks: "editCluster",
    cells: `
      anonymous  A  401
      outsider   A  404
      self       A  200
      lacking    A  200
      holder     A  200
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
  "announcements.end": {
    id: "announcement",
    holds: ["editCluster"],
    lacks: "editCluster",
    cells: `
      anonymous  A  401
      outsider   A  404
      lacking    A  403 forbidden
      self       A  403 forbidden
      holder     A  204
      holder     B  404
      grantee    A  404
      admin      A  404`,
  },
}
