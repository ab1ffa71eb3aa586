import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import type { MemberRole } from "../../src/schema/cluster"
import { Conflict, NotFound } from "../../src/schema/errors"
import { requestMoves } from "../../src/schema/membership"
import { CurrentUser } from "../../src/schema/middleware"
import { Access } from "../clusters/access"
import { retriedTransaction } from "../db/retry"
import { Notifications } from "../notifications/service"
import { RequestsRepo } from "./requestsRepo"

/**
 * Requests to join (SPEC §4: pending validation, then accepted | refused), decided by a member
 * holding validateMembership. Each move and its side effects are one transaction.
 */
export class Requests extends Effect.Service<Requests>()("Requests", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const access = yield* Access
    const repo = yield* RequestsRepo
    const notifications = yield* Notifications

    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(effect).pipe(Effect.catchTag("SqlError", Effect.die))

    /** Anyone signed in may ask; every member allowed to validate is told. */
    const ask = Effect.fn("Requests.ask")(function* (clusterId: string, role: MemberRole) {
      const me = yield* CurrentUser
      if (!(yield* repo.clusterExists(clusterId))) return yield* Effect.fail(NotFound.of())
      return yield* transaction(
        Effect.gen(function* () {
          if (yield* repo.isMember(clusterId, me.id)) return yield* Effect.fail(Conflict.of("alreadyMember"))
          const id = yield* repo.insert(clusterId, me.id, role)
          if (!id) return yield* Effect.fail(Conflict.of("alreadyRequested"))
          yield* notifications.toValidators(clusterId, me.id, id)
          return yield* repo.get(id)
        }),
      )
    })

    /**
     * Accept joins with the requested role and the current defaults and closes an open invitation
     * of the person to the structure; the requester is told (by the structure, no validator named);
     * the validators' notices are settled.
     */
    const decide = (id: string, move: "accept" | "refuse") =>
      Effect.gen(function* () {
        const me = yield* CurrentUser
        const keys = yield* repo.keys(id)
        if (!keys) return yield* Effect.fail(NotFound.of())
        yield* access.require(keys.cluster_id, "validateMembership")
        const to = requestMoves[move]
        return yield* transaction(
          Effect.gen(function* () {
            // The structure row first, as every change of members does (and before the request row).
            if (to === "accepted") yield* repo.lock(keys.cluster_id)
            const decided = yield* repo.decide(id, to, me.id)
            if (!decided) return yield* Effect.fail(Conflict.of("requestClosed"))
            if (to === "accepted") {
              yield* repo.join(decided.cluster_id, decided.user_id, decided.role)
              // Joining closes the other path: an open invitation of the person to the structure.
              const closed = yield* repo.closeOtherPaths(decided.cluster_id, decided.user_id)
              for (const invitationId of closed.invitationIds)
                yield* notifications.settle("invitationReceived", { invitationId })
            }
            yield* notifications.add({
              userId: decided.user_id,
              kind: "membershipAnswered",
              clusterId: decided.cluster_id,
              // The structure answers, not a named validator.
              actorId: null,
              requestId: id,
              answer: to,
            })
            yield* notifications.settle("membershipRequested", { requestId: id })
            return yield* repo.get(id)
          }),
        )
      })

    return {
      ask,
      pending: (clusterId: string) =>
        Effect.zipRight(access.require(clusterId, "validateMembership"), repo.pendingOf(clusterId)).pipe(
          Effect.withSpan("Requests.pending"),
        ),
      mine: Effect.flatMap(CurrentUser, (me) => repo.byUser(me.id)).pipe(Effect.withSpan("Requests.mine")),
      accept: (id: string) => decide(id, "accept").pipe(Effect.withSpan("Requests.accept")),
      refuse: (id: string) => decide(id, "refuse").pipe(Effect.withSpan("Requests.refuse")),
    }
  }),
  dependencies: [RequestsRepo.Default, Notifications.Default, Access.Default],
}) {}
