import { isDeepStrictEqual } from "node:util"
import { answerOf, busy, calling, check, context, doneOf, errorOf, notBusy, type Spec } from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

export const pageInput = { id: "00000000-0000-4000-8000-000000000001" }

const showsAnswer = check("shows what the server answered last", (s) =>
  isDeepStrictEqual(context(s).detail, answerOf(s, "loadDetail")),
)

/**
 * An activity's page: it shows exactly the server's last answer; reading it again after a
 * correction keeps the page in view; a refusal (not found, not seen) shows its message and nothing
 * of the activity.
 */
export const activityPageSpec: Spec = {
  states: {
    loading: [
      busy,
      calling("loadDetail", () => pageInput.id),
      check("shows nothing yet", (s) => context(s).detail === null),
    ],
    shown: [notBusy, showsAnswer],
    reloading: [busy, calling("loadDetail", () => pageInput.id), showsAnswer],
    failed: [
      notBusy,
      showsRefusalOf("loadDetail"),
      check("shows nothing of the activity", (s) => context(s).detail === null),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadDetail"), to: "shown" },
    { from: "loading", on: errorOf("loadDetail"), to: "failed" },
    { from: "shown", on: "activity.reload", to: "reloading" },
    { from: "reloading", on: doneOf("loadDetail"), to: "shown" },
    { from: "reloading", on: errorOf("loadDetail"), to: "failed" },
    { from: "failed", on: "activity.retry", to: "loading" },
  ],
}
