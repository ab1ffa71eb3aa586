import { SqlClient } from "@effect/sql"
import { DateTime, Effect } from "effect"
import { type AnnouncementInput, byAttention } from "../../src/schema/announcement"
import { BadRequest, Conflict, NotFound } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { userLabel } from "../../src/schema/user"
import { Access } from "../clusters/access"
import { Config } from "../config"
import { Mailer } from "../mail/mailer"
import { urgentAnnouncementMail } from "./mailTexts"
import { AnnouncementsRepo } from "./repository"

/**
 * Announcements ("Annonces", docs/announcements.md). A structure's members see its announcements
 * while they show, and mark them read; those who may "Modifier les informations de la structure"
 * (editCluster) post and end them. An announcement of a structure one is not a member of answers
 * 404, as the structure itself; one that no longer shows answers 404 to reading and ending.
 */
export class Announcements extends Effect.Service<Announcements>()("Announcements", {
  effect: Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const repo = yield* AnnouncementsRepo
    const access = yield* Access
    const mailer = yield* Mailer
    const config = yield* Config

    /** The announcement as the caller sees it while it shows; 404 otherwise. */
    const showingOne = (me: string, id: string) =>
      Effect.flatMap(repo.get(me, id), (found) =>
        found?.showing ? Effect.succeed(found.announcement) : Effect.fail(NotFound.of()),
      )

    /** The announcement already stored under `id`, when it is this very one again (a retry); 409 otherwise. */
    const sameAgain = (me: string, id: string, input: AnnouncementInput) =>
      Effect.gen(function* () {
        const stored = yield* repo.stored(id)
        const same =
          stored !== undefined &&
          stored.cluster_id === input.cluster &&
          stored.author_id === me &&
          stored.message === input.message &&
          stored.urgency === input.urgency
        const found = same ? yield* repo.get(me, id) : undefined
        if (!found) return yield* Effect.fail(Conflict.of("announcementIdTaken"))
        return found.announcement
      })

    return {
      list: Effect.fn("Announcements.list")(function* () {
        const { id: me } = yield* CurrentUser
        return [...(yield* repo.showing(me))].sort(byAttention)
      }),
      /**
       * Posts it: every other member is notified in the app, and by e-mail when it is urgent (the
       * mails leave only if it is stored: their jobs commit with it). Its author has read it.
       */
      put: Effect.fn("Announcements.put")(function* (id: string, input: AnnouncementInput) {
        const { id: me } = yield* CurrentUser
        yield* access.require(input.cluster, "editCluster")
        if ((yield* repo.stored(id)) !== undefined) return yield* sameAgain(me, id, input)
        const now = yield* DateTime.now
        if (input.endsAt !== null && !DateTime.greaterThan(input.endsAt, now))
          return yield* Effect.fail(BadRequest.of("announcementEndPast"))
        return yield* sql
          .withTransaction(
            Effect.gen(function* () {
              const inserted = yield* repo.insert({
                id,
                clusterId: input.cluster,
                authorId: me,
                message: input.message,
                urgency: input.urgency,
                endsAt: input.endsAt === null ? null : DateTime.toDate(input.endsAt),
              })
              // Taken meanwhile by a concurrent PUT of the same id.
              if (!inserted) return yield* sameAgain(me, id, input)
              yield* repo.markRead(id, me)
              yield* repo.notifyMembers(id, input.cluster, me)
              const posted = yield* showingOne(me, id)
              if (input.urgency === "urgent") {
                const link = `${config.publicUrl}/home/MegaPhone`
                const facts = {
                  cluster: posted.cluster.name,
                  author: posted.author ? userLabel(posted.author) : "",
                  message: posted.message,
                }
                for (const r of yield* repo.mailRecipients(input.cluster, me))
                  yield* mailer.send({
                    to: r.email,
                    link,
                    ...urgentAnnouncementMail(facts, link, r.language),
                  })
              }
              return posted
            }),
          )
          .pipe(Effect.catchTag("SqlError", Effect.die))
      }),
      /** Marks it read for the caller. */
      read: Effect.fn("Announcements.read")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        yield* showingOne(me, id)
        yield* repo.markRead(id, me)
        return yield* showingOne(me, id)
      }),
      /** Ends it (editCluster in its structure): it shows no more, to anyone. */
      end: Effect.fn("Announcements.end")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        const announcement = yield* showingOne(me, id)
        yield* access.require(announcement.cluster.id, "editCluster")
        yield* repo.end(id)
      }),
    }
  }),
  dependencies: [AnnouncementsRepo.Default, Access.Default],
}) {}
