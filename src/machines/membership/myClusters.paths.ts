import { isDeepStrictEqual } from "node:util"
import {
  active,
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * The menu's list of the person's structures: loaded once under the shell, reloaded on demand;
 * the last list stays shown while reloading or after a failure.
 */
const showsLastList = check("shows the list last answered (null before any)", (s) =>
  isDeepStrictEqual(context(s).clusters, answerOf(s, "loadMyClusters") ?? null),
)

export const myClustersSpec: Spec = {
  states: {
    loading: [busy, calling("loadMyClusters"), showsLastList],
    ready: [notBusy, active, showsLastList, check("shows no error", (s) => context(s).error === null)],
    failed: [notBusy, active, showsLastList, showsRefusalOf("loadMyClusters")],
  },
  moves: [
    { from: "loading", on: doneOf("loadMyClusters"), to: "ready" },
    { from: "loading", on: errorOf("loadMyClusters"), to: "failed" },
    { from: "ready", on: "myClusters.refresh", to: "loading" },
    { from: "failed", on: "myClusters.refresh", to: "loading" },
  ],
}
