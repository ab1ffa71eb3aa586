import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { BadRequest } from "../../src/schema/errors"
import { FinaliseTokens } from "../auth/finaliseTokens"
import { hashPassword } from "../auth/passwords"
import { Auth, limits } from "../auth/service"
import { Throttle } from "../auth/throttle"
import { Users } from "../auth/users"
import { retriedTransaction } from "../db/retry"
import { Invitations } from "./invitations"

export interface FinaliseInput {
  readonly token: string
  readonly firstname: string
  readonly lastname: string
  readonly password: string
}

/**
 * SPEC §4 account creation: an invited, unconfigured account is finalised through its e-mailed
 * link. It lives with membership because it accepts the invitation the link came with; auth
 * provides the accounts, links and sign-in it uses.
 */
export class Finalisation extends Effect.Service<Finalisation>()("Finalisation", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tokens = yield* FinaliseTokens
    const users = yield* Users
    const auth = yield* Auth
    const throttle = yield* Throttle
    const invitations = yield* Invitations
    const invalidLink = Effect.fail(BadRequest.of("invalidFinaliseLink"))

    return {
      info: (token: string) =>
        Effect.flatMap(tokens.info(token), (info) => (info ? Effect.succeed(info) : invalidLink)).pipe(
          Effect.withSpan("Finalisation.info"),
        ),
      /**
       * Uses the link once: names, password, status finalised, and the invitation the link came with
       * accepted if it is still open, all in one transaction; then signs the person in.
       */
      finalise: Effect.fn("Finalisation.finalise")(function* (input: FinaliseInput, address: string) {
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
  }),
  dependencies: [FinaliseTokens.Default, Users.Default, Auth.Default, Throttle.Default, Invitations.Default],
}) {}
