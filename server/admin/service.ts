import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { type BleTagType, BoxSecret, type CounterKind, RegisteredCounter } from "../../src/schema/counter"
import { Conflict, Forbidden, NotFound } from "../../src/schema/errors"
import { BleTagsRepo } from "../bletags/repository"
import { CountersRepo } from "../counters/repository"
import { retriedTransaction } from "../db/retry"
import { hashSecret, newSecret } from "../ingest/secrets"
import { Admins } from "./admins"
import { AdminRepo } from "./repository"

const found = <A>(a: A | undefined) => (a === undefined ? Effect.fail(NotFound.of()) : Effect.succeed(a))

/** The admin area's calls; each begins with `Admins.require`. */
export class AdminArea extends Effect.Service<AdminArea>()("AdminArea", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const admins = yield* Admins
    const repo = yield* AdminRepo
    const counters = yield* CountersRepo
    const tags = yield* BleTagsRepo
    const transaction = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      retriedTransaction(sql)(effect).pipe(Effect.catchTag("SqlError", Effect.die))

    return {
      users: admins.require.pipe(
        Effect.zipRight(admins.promoteListed),
        Effect.zipRight(repo.users),
        Effect.withSpan("AdminArea.users"),
      ),
      setAdmin: Effect.fn("AdminArea.setAdmin")(function* (userId: string, admin: boolean) {
        yield* admins.require
        return yield* transaction(
          Effect.gen(function* () {
            const current = yield* repo.lockAdmins
            const target = yield* repo.target(userId)
            if (!target) return yield* Effect.fail(NotFound.of())
            if (!admin) {
              // ADMIN_EMAILS names them and they proved the address: the flag would come back at the next check.
              if (target.verified && admins.listed.includes(target.email.toLowerCase()))
                return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
              if (current.every((u) => u.id === target.id))
                return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
            }
            yield* repo.setAdmin(target.id, admin)
            return yield* found(yield* repo.user(target.id))
          }),
        )
      }),
      counters: admins.require.pipe(
        Effect.zipRight(counters.list(undefined)),
        Effect.withSpan("AdminArea.counters"),
      ),
      /** A new box (or phone) with its secret, shown this once. */
      registerCounter: Effect.fn("AdminArea.registerCounter")(function* (id: string, kind: CounterKind) {
        yield* admins.require
        const secret = newSecret()
        const issuedAt = yield* repo.registerCounter(id, kind, hashSecret(secret))
        if (issuedAt === undefined) return yield* Effect.fail(Conflict.of("counterExists"))
        const counter = yield* found(yield* counters.get(id))
        return new RegisteredCounter({ counter, secret: new BoxSecret({ secret, issuedAt }) })
      }),
      /** A new secret for the box, shown this once; the old one stops working at once. */
      rotateSecret: Effect.fn("AdminArea.rotateSecret")(function* (id: string) {
        yield* admins.require
        const secret = newSecret()
        const issuedAt = yield* found(yield* repo.rotateSecret(id, hashSecret(secret)))
        return new BoxSecret({ secret, issuedAt })
      }),
      attributeCounter: Effect.fn("AdminArea.attributeCounter")(function* (
        id: string,
        cluster: string | null,
      ) {
        yield* admins.require
        return yield* transaction(
          Effect.gen(function* () {
            const box = yield* repo.lockCounter(id)
            if (!box) return yield* Effect.fail(NotFound.of())
            if (cluster !== null && !(yield* repo.clusterExists(cluster)))
              return yield* Effect.fail(NotFound.of())
            if (box.cluster_id !== cluster) {
              // Its data belongs to the structure it works for: a current or coming association pins the box.
              if (yield* repo.counterPinned(id))
                return yield* Effect.fail(Forbidden.of("modificationNotAllowed"))
              yield* repo.moveCounter(id, cluster)
            }
            return yield* found(yield* counters.get(id))
          }),
        )
      }),
      /** counterdata: any box's associations, newest first; an unknown box is NotFound. */
      counterAssociations: Effect.fn("AdminArea.counterAssociations")(function* (id: string) {
        yield* admins.require
        const box = yield* found(yield* counters.get(id))
        return yield* counters.historyOfCounter(box.id)
      }),
      bleTags: admins.require.pipe(Effect.zipRight(tags.all), Effect.withSpan("AdminArea.bleTags")),
      registerTag: Effect.fn("AdminArea.registerTag")(function* (id: string, type: typeof BleTagType.Type) {
        yield* admins.require
        if (!(yield* repo.registerTag(id, type))) return yield* Effect.fail(Conflict.of("tagExists"))
        return yield* found(yield* tags.byId(id))
      }),
      attributeTag: Effect.fn("AdminArea.attributeTag")(function* (id: string, cluster: string | null) {
        yield* admins.require
        const before = yield* found(yield* tags.byId(id))
        if (cluster !== null && !(yield* repo.clusterExists(cluster)))
          return yield* Effect.fail(NotFound.of())
        if ((before.cluster?.id ?? null) !== cluster) yield* repo.moveTag(id, cluster)
        return yield* found(yield* tags.byId(id))
      }),
    }
  }),
  dependencies: [Admins.Default, AdminRepo.Default, CountersRepo.Default, BleTagsRepo.Default],
}) {}
