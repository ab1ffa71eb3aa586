import type { EndpointRows } from "./matrix"

/** The sticker's link: anyone, signed in or not, learns a machine's name and structure name. */
export const publicRows: Record<string, EndpointRows> = {
  "public.machine": {
    id: "machine",
    cells: `
      anonymous  A  200
      anonymous  B  200
      outsider   A  200`,
  },
}
