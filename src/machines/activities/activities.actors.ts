import { Effect } from "effect"
import { fromPromise } from "xstate"
import { pickName } from "../../schema/catalogue"
import type { ActivityId } from "../../schema/ids"
import { userLabel } from "../../schema/user"
import { saveFile } from "../../services/download"
import { lazyEffect } from "../../services/lazy"
import type { AppServices } from "../../services/runtime"
import { type ActivityChoices, type ActivitySave, activityEditMachine, type ChoicesAsk } from "./activityEdit"
import { type ActivityExportAsk, activityExportMachine } from "./activityExport"
import { type ActivityListAsk, type ActivityListChoices, activityListMachine } from "./activityList"
import { activityPageMachine, type DisputeAnswer } from "./activityPage"
import {
  type FinishSaying,
  type FinishWindow,
  finishActivityMachine,
  type RecentWork,
} from "./finishActivity"
import { type ActivitiesQuery, machineActivitiesMachine } from "./machineActivities"

/** The activities tab's chart with its call bound to the server. */
export const liveMachineActivitiesMachine = machineActivitiesMachine.provide({
  actors: {
    loadActivities: lazyEffect((live, q: ActivitiesQuery) =>
      live.activities.machineActivities(q.machine, q.start, q.end),
    ),
  },
})

/** The change of an activity with its calls bound: the structure's members, the product types, the save. */
export const liveActivityEditMachine = activityEditMachine.provide({
  actors: {
    loadChoices: lazyEffect<ActivityChoices, ChoicesAsk>((live, ask) =>
      Effect.all(
        {
          members: live.clusters.members(ask.cluster),
          productTypes: live.activities.productTypes,
          corrections: live.activities.choices(ask.activity),
        },
        { concurrency: "unbounded" },
      ),
    ),
    saveActivity: lazyEffect((live, save: ActivitySave) => live.activities.editActivity(save.id, save.edit)),
  },
})

const byLabel = <A extends { readonly label: string }>(list: ReadonlyArray<A>) =>
  [...list].sort((a, b) => a.label.localeCompare(b.label, "fr", { sensitivity: "base", numeric: true }))

/**
 * The list of activities with its calls bound; its filters offer the person's structures, the
 * machines they see, their fields, the members of their structures (drivers, members billed; a
 * structure whose members they may not list adds none) and the product types, in `locale`.
 */
export const liveActivityListMachine = (locale: string) =>
  activityListMachine.provide({
    actors: {
      loadList: lazyEffect((live, q: ActivityListAsk) => live.activities.list(q)),
      loadChoices: lazyEffect<ActivityListChoices>((live) =>
        Effect.gen(function* () {
          const { structures, machines, index, productTypes } = yield* Effect.all(
            {
              structures: live.clusters.list,
              machines: live.machines.list(),
              index: live.fields.index(),
              productTypes: live.activities.productTypes,
            },
            { concurrency: "unbounded" },
          )
          const members = yield* Effect.forEach(
            structures,
            (s) => live.clusters.members(s.id).pipe(Effect.orElseSucceed(() => [])),
            { concurrency: 4 },
          )
          const people = new Map(members.flat().map((m) => [m.user.id, userLabel(m.user)]))
          return {
            structures: byLabel(structures.map((s) => ({ id: s.id, label: s.name }))),
            machines: byLabel(machines.map((m) => ({ id: m.id, label: m.name, cluster: m.cluster.id }))),
            fields: byLabel(index.fields.id.map((id, i) => ({ id, label: index.fields.name[i] ?? "" }))),
            people: byLabel([...people].map(([id, label]) => ({ id, label }))),
            productTypes: byLabel(productTypes.map((p) => ({ id: p.id, label: pickName(p.name, locale) }))),
          }
        }),
      ),
    },
  })

const fileTypes = {
  csv: "text/csv;charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const

/** "Exporter mes données" with its call bound: the server writes the file, the browser saves it. */
export const liveActivityExportMachine = activityExportMachine.provide({
  actors: {
    exportFile: lazyEffect((live, ask: ActivityExportAsk) => {
      const name = `sillon-activites-${ask.query.start.slice(0, 10)}-${ask.query.end.slice(0, 10)}.${ask.format}`
      const file: Effect.Effect<string | Uint8Array, unknown, AppServices> =
        ask.format === "csv"
          ? // Read as text, the server's byte-order mark is dropped: put back, a spreadsheet needs it.
            Effect.map(
              live.activities.csv(ask.query, ask.lang, ask.zone),
              (text) => `\uFEFF${text.replace(/^\uFEFF/, "")}`,
            )
          : live.activities.xlsx(ask.query, ask.lang, ask.zone)
      return Effect.flatMap(file, (content) => saveFile(content, name, fileTypes[ask.format]))
    }),
  },
})

/** An activity's page with its call bound. */
export const liveActivityPageMachine = activityPageMachine.provide({
  actors: {
    loadDetail: lazyEffect((live, id: ActivityId) => live.activities.detail(id)),
    openDispute: lazyEffect((live, q: { id: ActivityId; comment: string }) =>
      live.activities.dispute(q.id, q.comment),
    ),
    settleDispute: lazyEffect((live, q: { id: ActivityId } & DisputeAnswer) =>
      live.activities.settle(q.id, q.dispute, q.outcome, q.answer),
    ),
    splitActivity: lazyEffect((live, q: { id: ActivityId; at: number }) => live.activities.split(q.id, q.at)),
    mergeActivity: lazyEffect((live, q: { id: ActivityId; with: ActivityId }) =>
      live.activities.merge(q.id, q.with),
    ),
  },
})

/**
 * A field's activities (its tab): the list of activities with this field chosen; its filters are
 * not offered there (the Activités screen has them), so no choice is asked for.
 */
export const liveFieldActivitiesMachine = activityListMachine.provide({
  actors: {
    loadList: lazyEffect((live, q: ActivityListAsk) => live.activities.list(q)),
    loadChoices: fromPromise<ActivityListChoices, void>(async () => ({
      structures: [],
      machines: [],
      fields: [],
      people: [],
      productTypes: [],
    })),
  },
})

/** "J'ai terminé mon activité" with its calls bound: the person's recent work as driver, the product types, the confirmation. */
export const liveFinishActivityMachine = (locale: string) =>
  finishActivityMachine.provide({
    actors: {
      loadRecent: lazyEffect<RecentWork, FinishWindow>((live, w) =>
        Effect.map(
          Effect.all(
            {
              list: live.activities.list({
                start: w.start,
                end: w.end,
                driver: w.driver,
                sort: "start",
                order: "desc",
                page: 1,
              }),
              productTypes: live.activities.productTypes,
            },
            { concurrency: 2 },
          ),
          ({ list, productTypes }) => ({
            recent: list.activities.slice(0, 5),
            productTypes: byLabel(productTypes.map((p) => ({ id: p.id, label: pickName(p.name, locale) }))),
          }),
        ),
      ),
      confirm: lazyEffect((live, s: FinishSaying) =>
        live.activities.confirm(s.activity, {
          field: s.field,
          productType: s.productType,
          comment: s.comment.trim() === "" ? null : s.comment,
        }),
      ),
    },
  })
