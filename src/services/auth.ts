import { Effect } from "effect"
import type { LoginPayload, MeEdit, SignupFields, Tokens } from "../schema"
import { AuthGroup, LegacyGroup } from "../schema/api.auth"
import { MeGroup } from "../schema/api.me"
import { clientOf } from "./apiClient"
import { TokenStore } from "./tokenStore"

const api = clientOf(AuthGroup, LegacyGroup, MeGroup)

/** The calls the sign-in, session and profile charts invoke (SPEC §7). */
type Payload<T extends { Type: unknown }> = T["Type"]

export const login = (payload: Payload<typeof LoginPayload>) =>
  Effect.flatMap(api, (api) => api.auth.login({ payload }))

export const askLoginCode = (email: string) =>
  Effect.flatMap(api, (api) => api.auth.askLoginCode({ payload: { email } }))

export const loginWithCode = (code: string) =>
  Effect.flatMap(api, (api) => api.auth.loginCode({ payload: { code } }))

/** Legacy POST /api/v1/signup answers { jwt, id, refreshToken }: handed on as Tokens. */
export const signup = (newUser: Payload<typeof SignupFields>) =>
  Effect.flatMap(api, (api) => api.legacy.signup({ payload: { newUser } })).pipe(
    Effect.map((r): Tokens => ({ token: r.jwt, refreshToken: r.refreshToken })),
  )

export const askResetPassword = (email: string) =>
  Effect.flatMap(api, (api) => api.auth.askResetPassword({ payload: { email } }))

export const resetPassword = (payload: { email: string; token: string; password: string }) =>
  Effect.flatMap(api, (api) => api.auth.resetPassword({ payload }))

export const getMe = Effect.flatMap(api, (api) => api.me.get())

/** How long the profile check at start-up waits for the server, its own retries included. */
export const profileCheckTimeout = 20_000

/**
 * GET /me when the app starts: a server that never answers (a stalled link at the field's edge)
 * fails after `profileCheckTimeout` like an unreachable one, and the request is aborted, instead of
 * a loader that turns forever.
 */
export const getMeAtStart = getMe.pipe(Effect.timeout(profileCheckTimeout))

export const editMe = (edit: MeEdit) => Effect.flatMap(api, (api) => api.me.edit({ payload: { edit } }))

/** Mails a new code proving the address (202; 429 when asked too often). */
export const askEmailConfirmation = Effect.flatMap(api, (api) => api.me.askEmailConfirmation())

/** Proves the address with the mailed code; the answer is the updated profile. */
export const confirmEmail = (code: string) =>
  Effect.flatMap(api, (api) => api.me.confirmEmail({ payload: { code } }))

/** Ends every session of the account on every device, this one included (then sign out here). */
export const logoutEverywhere = Effect.flatMap(api, (api) => api.me.logoutEverywhere())

export const storeTokens = (tokens: Tokens) => Effect.map(TokenStore, (store) => store.set(tokens))

export const clearStorage = Effect.map(TokenStore, (store) => store.clear())

/** Logs out on the server (revoking the refresh token), then clears ALL local storage whatever the answer. */
export const logout = Effect.gen(function* () {
  const store = yield* TokenStore
  const client = yield* api
  const refreshToken = store.refreshToken()
  yield* client.auth.logout({ headers: refreshToken === null ? {} : { "x-refresh-token": refreshToken } })
}).pipe(Effect.ensuring(clearStorage), Effect.ignore)
