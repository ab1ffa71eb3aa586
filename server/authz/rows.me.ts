import type { EndpointRows } from "./matrix"

/** The caller's own account. */
export const meRows: Record<string, EndpointRows> = {
  "me.get": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "me.edit": {
    body: () => ({ edit: { firstname: "Annie" } }),
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
  "me.delegatedUsers": {
    cells: `
      anonymous  -  401
      outsider   -  200`,
  },
}
