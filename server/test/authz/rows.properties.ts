import type { EndpointRows } from "./matrix"

/** The machine catalogue: any signed-in person, whatever their structures. */
const catalogueCells = `
      anonymous  -  401
      outsider   -  200
      self       -  200
      grantee    -  200`

export const propertiesRows: Record<string, EndpointRows> = {
  "properties.brands": { cells: catalogueCells },
  "properties.categories": { cells: catalogueCells },
  "properties.filterEntries": { cells: catalogueCells },
}
