import type { CallContext, EndpointRows } from "./matrix"

const password = (c: CallContext) => ({ email: c.actor.email, password: c.actor.password })

/** Health, sign-in and the legacy API: public calls and sessions. */
export const authRows: Record<string, EndpointRows> = {
  "health.health": {
    cells: `
      anonymous  -  200`,
  },

  "auth.login": {
    body: password,
    cells: `
      anonymous  -  401 invalidCredentials
      visitor    -  200`,
  },
  "auth.askLoginCode": {
    body: (c) => ({ email: c.actor.email }),
    cells: `
      anonymous  -  202
      visitor    -  202`,
  },
  "auth.loginCode": {
    body: () => ({ code: "ABCDEFGHJK" }),
    cells: `
      anonymous  -  401 invalidLoginCode`,
  },
  "auth.refresh": {
    headers: (c) => ({ "x-refresh-token": c.actor.refreshToken }),
    cells: `
      anonymous  -  401
      visitor    -  200`,
  },
  "auth.logout": {
    headers: (c) => ({ "x-refresh-token": c.actor.refreshToken }),
    cells: `
      anonymous  -  204
      visitor    -  204`,
  },
  "auth.askResetPassword": {
    body: (c) => ({ email: c.actor.email }),
    cells: `
      anonymous  -  202
      visitor    -  202`,
  },
  "auth.finaliseInfo": {
    query: () => ({ token: "not-a-link" }),
    cells: `
      anonymous  -  400 invalidFinaliseLink`,
  },
  "auth.finalise": {
    body: () => ({ token: "not-a-link", firstname: "Anne", lastname: "Petit", password: "correct horse" }),
    cells: `
      anonymous  -  400 invalidFinaliseLink`,
  },
  "auth.resetPassword": {
    body: (c) => ({ email: c.actor.email, token: "not-a-link", password: "correct horse" }),
    cells: `
      anonymous  -  400 invalidResetToken
      visitor    -  400 invalidResetToken`,
  },

  "legacy.auth": {
    body: (c) => ({ user: password(c) }),
    cells: `
      anonymous  -  401 invalidCredentials
      visitor    -  200`,
  },
  "legacy.signup": {
    body: (c) => ({ newUser: { ...password(c), firstname: "Anne", lastname: "Petit" } }),
    cells: `
      anonymous  -  201
      visitor    -  409 emailTaken`,
  },
}
