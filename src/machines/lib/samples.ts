import { Address, Me, TooManyRequests, Unauthorized, UserId } from "../../schema"

/** Sample answers the charts' paths are generated from (see charts.ts). */
export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}`, output })
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error })
export const networkDown = new Error("network down")

export const address = new Address({
  street: "1 rue du Moulin",
  complement: null,
  postalCode: "35000",
  city: "Rennes",
  country: "FR",
})
const person = {
  id: UserId.make("00000000-0000-4000-8000-000000000001"),
  email: "anne@example.org",
  firstname: "Anne",
  lastname: "Martin",
  name: null,
  phone: null,
  mobile: null,
  language: "fr" as const,
}
export const completeMe = new Me({ ...person, address })
export const incompleteMe = new Me({ ...person, address: null })
export const tokens = { token: "access-1", refreshToken: "refresh-1" }
export const refused = new Unauthorized({
  code: "invalidCredentials",
  message: "Adresse email ou mot de passe incorrect",
})
export const throttled = new TooManyRequests({
  code: "tooManyAttempts",
  message: "Trop de tentatives",
  retryAfterSeconds: 60,
})
