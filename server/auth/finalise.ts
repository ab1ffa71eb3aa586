import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { BadRequest } from "../../src/schema/errors"
import { retriedTransaction } from "../db/retry"
import { Invitations, InvitationsLive } from "../membership/invitations"
import { FinaliseTokens, FinaliseTokensLive } from "./finaliseTokens"
import { hashPassword } from "./passwords"
import { Auth, limits } from "./service"
import { Throttle } from "./throttle"
import { Users } from "./users"

export interface FinaliseInput {
  readonly token: string
  readonly firstname: string
  readonly lastname: string
  readonly password: string
}

/** SPEC §4 account creation: an invited, unconfigured account is finalised through its e-mailed link. */
export const makeFinalise = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const tokens = yield* FinaliseTokens
  const users = yield* Users
  const auth = yield* Auth
  const throttle = yield* Throttle
  const invitations = yield* Invitations
  const invalidLink = Effect.fail(BadRequest.of("invalidFinaliseLink"))

  return {
    info: (token: string) =>
      Effect.flatMap(tokens.info(token), (info) => (info ? Effect.succeed(info) : invalidLink)),
    /**
     * Uses the link once: names, password, status finalised, and the invitation the link came with
     * accepted if it is still open, all in one transaction; then signs the person in.
     */
    finalise: (input: FinaliseInput, address: string) =>
      Effect.gen(function* () {
        const attempt = yield* throttle.attempt([
          { key: `finalise-address:${address}`, limit: limits.codePerAddress },
        ])
        const passwordHash = yield* hashPassword(input.password)
        const userId = yield* Effect.gen(function* () {
          const claim = yield* tokens.use(input.token)
          if (!claim) return yield* invalidLink
          const names = { firstname: input.firstname, lastname: input.lastname }
          if (!(yield* users.finalise(claim.userId, names, passwordHash))) return yield* invalidLink
          if (claim.invitationId) yield* invitations.answer(claim.invitationId, claim.userId, "accepted")
          return claim.userId
        }).pipe(retriedTransaction(sql), Effect.catchTag("SqlError", Effect.die))
        yield* attempt.forget
        return yield* auth.signIn(userId, false)
      }),
  }
})

export class Finalise extends Context.Tag("Finalise")<
  Finalise,
  Effect.Effect.Success<typeof makeFinalise>
>() {}

export const FinaliseLive = Layer.effect(Finalise, makeFinalise).pipe(
  Layer.provide([FinaliseTokensLive, InvitationsLive]),
)
