import { Effect, Either, Layer, Option } from "effect"
import { describe, expect, it } from "vitest"
import { partialFake } from "../lib/fake"
import { Mailer } from "../mail/mailer"
import { AddressProof } from "./addressProof"
import { FinaliseTokens } from "./finaliseTokens"
import { AccessTokens } from "./jwt"
import { RefreshTokens } from "./refresh"
import { Auth } from "./service"
import type { ThrottleRule } from "./throttle"
import { Throttle } from "./throttle"
import { Users } from "./users"

/** Auth over fakes: no database; what the throttle counted and which sessions were revoked. */
const authWith = (users: Partial<Users>) => {
  const counted: Array<ReadonlyArray<ThrottleRule>> = []
  const revoked: Array<string> = []
  const layer = Auth.DefaultWithoutDependencies.pipe(
    Layer.provide([
      Users.Test(users),
      Throttle.Test({
        attempt: (rules) => Effect.sync(() => counted.push(rules)).pipe(Effect.as({ forget: Effect.void })),
        clear: () => Effect.void,
      }),
      RefreshTokens.Test({ revoke: (token) => Effect.sync(() => revoked.push(token)) }),
      AccessTokens.Test({}),
      FinaliseTokens.Test({}),
      AddressProof.Test({}),
      partialFake(Mailer, {}),
    ]),
  )
  const run = <A, E>(f: (auth: Auth) => Effect.Effect<A, E>) =>
    Effect.runPromise(Effect.either(Effect.flatMap(Auth, f)).pipe(Effect.provide(layer)))
  return { run, counted, revoked }
}

describe("password sign-in over fakes", () => {
  it("refuses an unknown address as a wrong password, after counting the attempt for the account and the address", async () => {
    const { run, counted } = authWith({ byEmail: () => Effect.succeed(undefined) })
    const result = await run((auth) => auth.login("nobody@example.org", "secret", false, "10.9.8.7"))
    expect(Either.getLeft(result)).toEqual(
      Option.some(expect.objectContaining({ _tag: "Unauthorized", code: "invalidCredentials" })),
    )
    expect(counted.map((rules) => rules.map((r) => r.key))).toEqual([
      ["signin-account:nobody@example.org", "signin-address:10.9.8.7"],
    ])
  })

  it("ends a session only when a refresh token is given", async () => {
    const { run, revoked } = authWith({})
    expect(Either.isRight(await run((auth) => auth.logout(undefined)))).toBe(true)
    expect(Either.isRight(await run((auth) => auth.logout("a-token")))).toBe(true)
    expect(revoked).toEqual(["a-token"])
  })
})
