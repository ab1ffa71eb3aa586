import { isDeepStrictEqual } from "node:util"
import {
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  finishedWith,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** The activity and the structure the chart was opened with (set by the samples). */
export const editInput = {
  activityId: "00000000-0000-4000-8000-000000000001",
  cluster: "00000000-0000-4000-8000-0000000000c1",
}

const holdsChoices = check("offers the choices the server answered", (s) =>
  isDeepStrictEqual(context(s).choices, answerOf(s, "loadChoices")),
)

/**
 * Changing an activity (issue 16: "a person with the activity modification grant can change it,
 * and the change is kept"): the choices are the structure's members and the catalogue's product
 * types as the server answered; what is sent is exactly what the person chose, for this activity;
 * a refusal leaves the person where they were with its message; once kept, the chart is over
 * with the activity as the server answered it.
 */
export const activityEditSpec: Spec = {
  states: {
    loadingChoices: [
      busy,
      calling("loadChoices", () => ({ activity: editInput.activityId, cluster: editInput.cluster })),
    ],
    failed: [notBusy, showsRefusalOf("loadChoices")],
    editing: [notBusy, holdsChoices],
    saving: [
      busy,
      calling("saveActivity", (s) => ({
        id: editInput.activityId,
        edit: lastOf(s, "activityEdit.save")?.edit,
      })),
      check("shows no refusal while sending", (s) => context(s).error === null),
    ],
    saved: [notBusy, finishedWith("saveActivity")],
  },
  moves: [
    { from: "loadingChoices", on: doneOf("loadChoices"), to: "editing" },
    { from: "loadingChoices", on: errorOf("loadChoices"), to: "failed" },
    { from: "failed", on: "activityEdit.retry", to: "loadingChoices" },
    { from: "editing", on: "activityEdit.save", to: "saving" },
    { from: "saving", on: doneOf("saveActivity"), to: "saved" },
    { from: "saving", on: errorOf("saveActivity"), to: "editing", after: [showsRefusalOf("saveActivity")] },
  ],
}
