import { BadRequest, Conflict, Forbidden, NotFound, UnprocessableEntity } from "../../schema/errors"
import type { Chart } from "../lib/paths"
import { done, failed, networkDown } from "../lib/samples"
import { activityEditMachine } from "./activityEdit"
import { activityEditSpec } from "./activityEdit.paths"
import { activityExportMachine } from "./activityExport"
import { activityExportSpec } from "./activityExport.paths"
import { activityListMachine } from "./activityList"
import { activityListSpec, listInput } from "./activityList.paths"
import { activityPageMachine } from "./activityPage"
import { activityPageSpec, pageInput } from "./activityPage.paths"
import { finishActivityMachine } from "./finishActivity"
import { finishActivitySpec, finishInput } from "./finishActivity.paths"
import { machineActivitiesMachine } from "./machineActivities"
import { activitiesInput, machineActivitiesSpec } from "./machineActivities.paths"
import {
  activitiesCluster,
  aDetail,
  aList,
  anActivity,
  anne,
  correctionChoices,
  listChoices,
  members,
  paul,
  slurry,
} from "./samples"

const first = anActivity(1, "2026-11-19T07:30:00.000Z", 3)
const second = anActivity(2, "2026-11-18T13:00:00.000Z", 2)
const changed = anActivity(1, "2026-11-19T07:30:00.000Z", 3, {
  member: anne,
  attribution: "manual",
  productType: slurry,
  edited: true,
})

const filtered = { ...listInput, machine: anActivity(1, "2026-11-19T07:30:00.000Z", 1).machine.id, page: 2 }

/** The activities charts (see lib/paths.ts for what each entry must give). */
export const activitiesCharts: ReadonlyArray<Chart> = [
  {
    name: "activityList",
    spec: activityListSpec,
    machine: activityListMachine,
    input: listInput,
    events: [
      done("loadList", aList([first, second])),
      done("loadList", aList([])),
      failed("loadList", networkDown),
      failed("loadList", BadRequest.of("endBeforeStart")),
      done("loadChoices", listChoices),
      failed("loadChoices", networkDown),
      { type: "list.retry" },
      { type: "list.show", query: filtered },
    ],
  },
  {
    name: "activityPage",
    spec: activityPageSpec,
    machine: activityPageMachine,
    input: pageInput,
    events: [
      done("loadDetail", aDetail(first)),
      done("loadDetail", aDetail(changed)),
      failed("loadDetail", NotFound.of()),
      failed("loadDetail", networkDown),
      { type: "activity.reload" },
      { type: "activity.retry" },
      { type: "dispute.open", comment: "Je n'ai semé que 3 ha." },
      { type: "dispute.open", comment: "   " },
      {
        type: "dispute.settle",
        dispute: "00000000-0000-4000-8000-00000000d001",
        outcome: "corrected",
        answer: "",
      },
      {
        type: "dispute.settle",
        dispute: "00000000-0000-4000-8000-00000000d001",
        outcome: "kept",
        answer: "Si.",
      },
      done("openDispute", {}),
      failed("openDispute", Conflict.of("disputeOpen")),
      done("settleDispute", {}),
      failed("settleDispute", BadRequest.of("answerEmpty")),
      { type: "activity.split", at: Date.parse("2026-11-19T09:00:00.000Z") },
      { type: "activity.merge", with: second.id },
      done("splitActivity", [first, anActivity(9, "2026-11-19T09:00:00.000Z", 1)]),
      done("splitActivity", [
        anActivity(8, "2026-11-19T07:30:00.000Z", 1),
        anActivity(9, "2026-11-19T09:00:00.000Z", 1),
      ]),
      failed("splitActivity", UnprocessableEntity.of("splitOutside")),
      done("mergeActivity", second),
      failed("mergeActivity", UnprocessableEntity.of("mergeNotAllowed")),
    ],
  },
  {
    name: "finishActivity",
    spec: finishActivitySpec,
    machine: finishActivityMachine,
    input: finishInput,
    events: [
      done("loadRecent", { recent: [first, second], productTypes: [{ id: slurry.id, label: "Lisier" }] }),
      done("loadRecent", { recent: [], productTypes: [] }),
      failed("loadRecent", networkDown),
      { type: "finish.retry" },
      { type: "finish.confirm", activity: first.id, field: null, productType: null, comment: "  " },
      { type: "finish.confirm", activity: first.id, field: null, productType: slurry.id, comment: "Fini" },
      done("confirm", { at: first.end, by: paul, field: null, productType: slurry, comment: "Fini" }),
      failed("confirm", UnprocessableEntity.of("selectionUnknown")),
      { type: "finish.again" },
    ],
  },
  {
    name: "activityExport",
    spec: activityExportSpec,
    machine: activityExportMachine,
    events: [
      { type: "export.file", format: "csv", query: listInput, lang: "fr", zone: "Europe/Paris" },
      { type: "export.file", format: "xlsx", query: filtered, lang: "de", zone: "Europe/Berlin" },
      done("exportFile"),
      failed("exportFile", networkDown),
      failed("exportFile", Forbidden.of()),
    ],
  },
  {
    name: "machineActivities",
    spec: machineActivitiesSpec,
    machine: machineActivitiesMachine,
    input: activitiesInput,
    events: [
      done("loadActivities", [first, second]),
      done("loadActivities", []),
      failed("loadActivities", networkDown),
      failed("loadActivities", BadRequest.of("endBeforeStart")),
      failed("loadActivities", Forbidden.of()),
      { type: "activities.retry" },
      { type: "activities.replace", activity: changed },
      { type: "activities.show", start: "2026-10-21T22:00:00.000Z", end: "2026-11-20T23:00:00.000Z" },
    ],
  },
  {
    name: "activityEdit",
    spec: activityEditSpec,
    machine: activityEditMachine,
    input: { activity: first, cluster: activitiesCluster },
    events: [
      done("loadChoices", { members, productTypes: [slurry], corrections: correctionChoices }),
      failed("loadChoices", networkDown),
      { type: "activityEdit.retry" },
      { type: "activityEdit.save", edit: { member: anne.id, productType: slurry.id } },
      { type: "activityEdit.save", edit: { member: null } },
      { type: "activityEdit.save", edit: { fields: [], drivers: [anne.id], auxiliaries: [] } },
      done("saveActivity", changed),
      failed("saveActivity", UnprocessableEntity.of("userRequired")),
      failed("saveActivity", Forbidden.of()),
    ],
  },
]
