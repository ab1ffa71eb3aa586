import { SqlClient } from "@effect/sql"
import { type DateTime, Effect } from "effect"
import {
  type ActivityConfirmationInput,
  ActivityDetail,
  type ActivityEdit,
  type ActivityExportQuery,
  ActivityList,
  type ActivityListQuery,
  type DisputeInput,
  type DisputeSettlement,
  type MergeInput,
  type SplitInput,
} from "../../src/schema/activity"
import { activityTotals, sortActivities } from "../../src/schema/activityTotals"
import { Conflict, Forbidden, NotFound, UnprocessableEntity } from "../../src/schema/errors"
import { CurrentUser } from "../../src/schema/middleware"
import { Access } from "../clusters/access"
import { CountersRepo } from "../counters/repository"
import { toCsv, toXlsx } from "../exports/table"
import { Notifications } from "../notifications/service"
import { ActivityEditsRepo } from "./edits"
import { activitiesTable } from "./export"
import { ActivitiesRepo } from "./repository"
import { ActivitySplits } from "./splits"

/**
 * Activities read and corrected (docs/rights.md#activities): whoever sees the machine reads its
 * activities, their figures and labelled traces; a person holding the machine's "Modification des
 * activités" grant, or managing it ("Gérer les machines" in its structure, or its "Gestion" grant
 * as a member), corrects who an activity is for, what was spread, its fields, drivers and implements. Corrections are kept across
 * recomputations (server/activities/store.ts).
 */
export class Activities extends Effect.Service<Activities>()("Activities", {
  effect: Effect.gen(function* () {
    const repo = yield* ActivitiesRepo
    const edits = yield* ActivityEditsRepo
    const splits = yield* ActivitySplits
    const notifications = yield* Notifications
    const counters = yield* CountersRepo
    const access = yield* Access
    const sql = yield* SqlClient.SqlClient

    /** SPEC §6 machine visibility (as the expert history): seeMachines in its structure, or any grant on it. */
    const seeing = Effect.fnUntraced(function* (machineId: string) {
      const { id: me } = yield* CurrentUser
      const machine = yield* counters.machine(machineId)
      if (!machine) return yield* Effect.fail(NotFound.of())
      const grants = yield* sql<{ grants: ReadonlyArray<string> }>`SELECT grants FROM machine_grants
        WHERE machine_id = ${machine.id} AND user_id = ${me}`.pipe(
        Effect.map((rows) => rows[0]?.grants ?? []),
        Effect.orDie,
      )
      const membership = yield* access.membership(machine.cluster_id, me)
      if (grants.length === 0) {
        if (!membership) return yield* Effect.fail(NotFound.of())
        if (!membership.rights.includes("seeMachines")) return yield* Effect.fail(Forbidden.of())
      }
      const mayEdit =
        grants.includes("activityModification") ||
        (membership !== undefined &&
          (membership.rights.includes("manageMachine") || grants.includes("management")))
      return { machine, mayEdit }
    })

    /**
     * The activity and whether the caller may correct it: whoever sees its machine reads it; so do
     * the member it is billed to, its drivers, and a boss seeing his employees' work (as the list).
     */
    const activityOf = Effect.fnUntraced(function* (id: string) {
      const { id: me } = yield* CurrentUser
      const key = yield* repo.key(id)
      if (!key) return yield* Effect.fail(NotFound.of())
      const machine = yield* Effect.either(seeing(key.machine_id))
      if (machine._tag === "Right") return { key, mayEdit: machine.right.mayEdit }
      if (yield* repo.seenWithoutMachine(me, id)) return { key, mayEdit: false }
      return yield* Effect.fail(machine.left)
    })

    const reread = (id: string) =>
      Effect.flatMap(repo.one(id), (a) => (a ? Effect.succeed(a) : Effect.fail(NotFound.of())))

    return {
      /** A page of the activities the person may see over the period, with the totals of all. */
      list: Effect.fn("Activities.list")(function* (q: typeof ActivityListQuery.Type) {
        const { id: me } = yield* CurrentUser
        const activities = sortActivities(yield* repo.visible(me, q), q.sort, q.order)
        const from = (q.page - 1) * q.limit
        return new ActivityList({
          activities: activities.slice(from, from + q.limit),
          page: q.page,
          limit: q.limit,
          totals: activityTotals(activities),
        })
      }),
      /** The list as CSV, as the language's spreadsheet opens it. */
      csv: Effect.fn("Activities.csv")(function* (q: typeof ActivityExportQuery.Type) {
        const { id: me } = yield* CurrentUser
        const activities = sortActivities(yield* repo.visible(me, q), q.sort, q.order)
        return toCsv(activitiesTable(activities, q.lang), { locale: q.lang, timeZone: q.tz })
      }),
      /** The list as an XLSX workbook. */
      xlsx: Effect.fn("Activities.xlsx")(function* (q: typeof ActivityExportQuery.Type) {
        const { id: me } = yield* CurrentUser
        const activities = sortActivities(yield* repo.visible(me, q), q.sort, q.order)
        const table = activitiesTable(activities, q.lang)
        const bytes = yield* Effect.promise(() => toXlsx(table, { locale: q.lang, timeZone: q.tz }))
        return new Uint8Array(bytes)
      }),
      ofMachine: Effect.fn("Activities.ofMachine")(function* (
        machineId: string,
        q: { readonly start_date: DateTime.Utc; readonly end_date: DateTime.Utc },
      ) {
        const { machine } = yield* seeing(machineId)
        return yield* repo.ofMachine(machine.id, q.start_date, q.end_date)
      }),
      /**
       * The machine's activities among `ids`, oldest first, for a document (a work order): whoever
       * sees the machine; an id that is not one of its activities is refused (422), not skipped.
       */
      chosen: Effect.fn("Activities.chosen")(function* (machineId: string, ids: ReadonlyArray<string>) {
        const { machine } = yield* seeing(machineId)
        const unique = [...new Set(ids)]
        const list = yield* repo.ofMachineAmong(machine.id, unique)
        if (list.length !== unique.length)
          return yield* Effect.fail(UnprocessableEntity.of("selectionUnknown"))
        return list
      }),
      one: Effect.fn("Activities.one")(function* (id: string) {
        yield* activityOf(id)
        return yield* reread(id)
      }),
      /** The activity's page in one answer: the activity, its trace, tool width, right to correct, history. */
      detail: Effect.fn("Activities.detail")(function* (id: string) {
        const { id: me } = yield* CurrentUser
        const { mayEdit } = yield* activityOf(id)
        const { activity, trace, toolWidthM, history, disputes, confirmations, drove, around, outlines } =
          yield* Effect.all(
            {
              activity: reread(id),
              trace: repo.trace(id),
              toolWidthM: repo.toolWidth(id),
              history: edits.history(id),
              disputes: repo.disputes(id),
              confirmations: repo.confirmations(id),
              drove: repo.drove(me, id),
              around: splits.neighbours(id),
              outlines: repo.outlines(id),
            },
            { concurrency: "unbounded" },
          )
        const mayDispute =
          (yield* repo.answersFor(me, activity.member?.id ?? null)) &&
          !disputes.some((d) => d.status === "open")
        return new ActivityDetail({
          activity,
          points: trace.points,
          toolWidthM,
          mayEdit,
          history,
          mayDispute,
          disputes,
          mayConfirm: drove || mayEdit,
          confirmations,
          outlines,
          ...around,
        })
      }),
      /**
       * "J'ai terminé mon activité": its driver, or a person who may correct it, says which of its
       * fields it was, what was spread (applied as a correction, in the history under their name),
       * and a comment for the office.
       */
      confirm: Effect.fn("Activities.confirm")(function* (
        id: string,
        input: typeof ActivityConfirmationInput.Type,
      ) {
        const { id: me } = yield* CurrentUser
        const { mayEdit } = yield* activityOf(id)
        if (!mayEdit && !(yield* repo.drove(me, id))) return yield* Effect.fail(Forbidden.of())
        if (input.field !== null && !(yield* repo.workedIn(id, input.field)))
          return yield* Effect.fail(UnprocessableEntity.of("selectionUnknown"))
        if (input.productType !== null && !(yield* repo.isProductType(input.productType)))
          return yield* Effect.fail(UnprocessableEntity.of("selectionUnknown"))
        if (input.productType !== null) yield* edits.edit(id, me, { productType: input.productType })
        const kept = yield* repo.confirm(id, me, input.field, input.productType, input.comment || null)
        if (!kept) return yield* Effect.fail(NotFound.of())
        return kept
      }),
      /** The member it is billed to contests it; one dispute waits at a time. */
      dispute: Effect.fn("Activities.dispute")(function* (id: string, input: typeof DisputeInput.Type) {
        const { id: me } = yield* CurrentUser
        const { key } = yield* activityOf(id)
        if (!(yield* repo.answersFor(me, yield* repo.memberOf(id)))) return yield* Effect.fail(Forbidden.of())
        // Kept with the notices to those who may answer it, or not at all.
        const opened = yield* sql
          .withTransaction(
            Effect.tap(repo.openDispute(id, me, input.comment), (d) =>
              d ? notifications.activityDisputed(key.machine_id, me, id) : Effect.void,
            ),
          )
          .pipe(Effect.orDie)
        if (!opened) return yield* Effect.fail(Conflict.of("disputeOpen"))
        const { activity: _, ...dispute } = opened
        return dispute
      }),
      /** A person who may correct it answers a waiting dispute: corrected, or kept. */
      settle: Effect.fn("Activities.settle")(function* (
        id: string,
        disputeId: string,
        input: typeof DisputeSettlement.Type,
      ) {
        const { id: me } = yield* CurrentUser
        const { key, mayEdit } = yield* activityOf(id)
        if (!mayEdit) return yield* Effect.fail(Forbidden.of())
        const settled = yield* sql
          .withTransaction(
            Effect.tap(repo.settleDispute(id, disputeId, me, input.outcome, input.answer), (r) =>
              r !== undefined && r !== "settled" && r.settled !== undefined
                ? notifications.disputeAnswered(r.settled.openedBy?.id ?? null, key.cluster_id, me, id)
                : Effect.void,
            ),
          )
          .pipe(Effect.orDie)
        if (settled === undefined) return yield* Effect.fail(NotFound.of())
        if (settled === "settled" || settled.settled === undefined)
          return yield* Effect.fail(Conflict.of("disputeSettled"))
        return settled.settled
      }),
      trace: Effect.fn("Activities.trace")(function* (id: string) {
        yield* activityOf(id)
        return yield* repo.trace(id)
      }),
      edit: Effect.fn("Activities.edit")(function* (id: string, edit: typeof ActivityEdit.Type) {
        const { id: me } = yield* CurrentUser
        const { key, mayEdit } = yield* activityOf(id)
        if (!mayEdit) return yield* Effect.fail(Forbidden.of())
        if (edit.member != null && !(yield* repo.mayBeMember(key.cluster_id, edit.member)))
          return yield* Effect.fail(UnprocessableEntity.of("associationNotAllowed"))
        if (edit.productType != null && !(yield* repo.isProductType(edit.productType)))
          return yield* Effect.fail(UnprocessableEntity.of("selectionUnknown"))
        if (!(yield* edits.allowed(key.machine_id, key.cluster_id, edit)))
          return yield* Effect.fail(UnprocessableEntity.of("selectionUnknown"))
        yield* edits.edit(id, me, edit)
        return yield* reread(id)
      }),
      /** Cuts the activity in two at an instant (a person who may correct it); both parts. */
      split: Effect.fn("Activities.split")(function* (id: string, input: typeof SplitInput.Type) {
        const { id: me } = yield* CurrentUser
        const { mayEdit } = yield* activityOf(id)
        if (!mayEdit) return yield* Effect.fail(Forbidden.of())
        const ids = yield* splits.split(id, input.at, me).pipe(Effect.catchTag("SqlError", Effect.die))
        return yield* Effect.forEach(ids, reread)
      }),
      /** Merges the activity with the one right before or after it on its machine's day. */
      merge: Effect.fn("Activities.merge")(function* (id: string, input: typeof MergeInput.Type) {
        const { id: me } = yield* CurrentUser
        const { mayEdit } = yield* activityOf(id)
        if (!mayEdit) return yield* Effect.fail(Forbidden.of())
        const other = yield* activityOf(input.with)
        if (!other.mayEdit) return yield* Effect.fail(Forbidden.of())
        const merged = yield* splits.merge(id, input.with, me).pipe(Effect.catchTag("SqlError", Effect.die))
        if (merged === undefined) return yield* Effect.fail(NotFound.of())
        return yield* reread(merged)
      }),
      /** What a person who may correct the activity may correct it to (fields, drivers, implements). */
      choices: Effect.fn("Activities.choices")(function* (id: string) {
        const { key, mayEdit } = yield* activityOf(id)
        if (!mayEdit) return yield* Effect.fail(Forbidden.of())
        return yield* edits.choices(key.machine_id, key.cluster_id)
      }),
    }
  }),
  dependencies: [
    ActivitiesRepo.Default,
    ActivityEditsRepo.Default,
    ActivitySplits.Default,
    Notifications.Default,
    CountersRepo.Default,
    Access.Default,
  ],
}) {}
