import type { EndpointRows } from "./matrix"

/**
 * What boxes send: only a box's secret opens these calls (`Authorization: Bearer <secret>`, or the
 * OsmAnd device id); a person's token — any person's, an administrator's too — is refused like no
 * credential (401). That a box's secret opens nothing else is server/ingest/ingest.test.ts's.
 */
const people = `
      anonymous  A  401 boxSecretInvalid
      self       A  401 boxSecretInvalid
      holder     A  401 boxSecretInvalid
      outsider   A  401 boxSecretInvalid
      admin      A  401 boxSecretInvalid`

const aFix = () => ({ t: new Date().toISOString(), lng: 1.44, lat: 43.6 })

export const boxesRows: Record<string, EndpointRows> = {
  "boxes.fixes": { id: "counter", body: () => ({ fixes: [aFix()] }), cells: people },
  "boxes.live": { id: "counter", body: aFix, cells: people },
  "osmand.query": {
    query: () => ({ lat: "43.6", lon: "1.44" }),
    cells: people.replaceAll(" A ", " - "),
  },
  "osmand.post": {
    body: () => ({
      location: { timestamp: new Date().toISOString(), coords: { latitude: 43.6, longitude: 1.44 } },
    }),
    cells: people.replaceAll(" A ", " - "),
  },
}
