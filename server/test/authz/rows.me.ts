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
  "me.askEmailConfirmation": {
    cells: `
      anonymous  -  401
      outsider   -  202`,
  },
  // A right code needs the mailbox (server/auth/addressProof.test.ts): here a wrong one reaches the check.
  "me.confirmEmail": {
    body: () => ({ code: "AAAAAAAAAA" }),
    cells: `
      anonymous  -  401
      outsider   -  400 invalidConfirmationCode`,
  },
  "me.logoutEverywhere": {
    cells: `
      anonymous  -  401
      outsider   -  204`,
  },
}
