import type { EndpointRows } from "./matrix"
import { fieldsRows } from "./rows.fields"

const season = () => ({ year: "2024" })

/**
 * The vegetation index. Whoever sees a field reads its index (docs/rights.md, Fields): the same
 * cells as `fields.get`. The test apps' provider is configured (and unreachable): a season asked
 * for answers `pending`.
 */
export const vegetationRows: Record<string, EndpointRows> = {
  "vegetation.season": { ...fieldsRows["fields.get"], query: season } as EndpointRows,
  "vegetation.latest": {
    query: season,
    cells: `
      anonymous  -  401
      outsider   -  200
      self       -  200
      admin      -  200`,
  },
}
