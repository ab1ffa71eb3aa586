import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
import {
  active,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Seen,
  type Spec,
  tagOf,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/**
 * One structure's page: a structure that is not the person's is "not found" (404, never leaked);
 * deleting asks for a confirmation first, and a refusal is shown in that confirmation.
 */
const theId = (s: Seen) => context(s).id
const latest = (s: Seen) => {
  const last = lastOf(s, doneOf("loadCluster"), doneOf("reloadCluster"), "clusterPage.updated")
  return last?.type === "clusterPage.updated" ? last.cluster : last?.output
}
const holdsLatest = check("shows the latest version of the structure", (s) =>
  isDeepStrictEqual(context(s).cluster, latest(s)),
)
const isNotFound = ["404", (e: AnyEventObject) => tagOf(e.error) === "NotFound"] as const
const isOther = ["other failure", (e: AnyEventObject) => tagOf(e.error) !== "NotFound"] as const

export const clusterPageSpec: Spec = {
  states: {
    loading: [busy, calling("loadCluster", theId)],
    ready: [active, holdsLatest],
    "ready.idle": [notBusy],
    "ready.refreshing": [notBusy, calling("loadCluster", theId)],
    "ready.confirmingDelete": [notBusy],
    "ready.deleting": [busy, calling("deleteCluster", theId)],
    notFound: [notBusy, check("is over: nothing to show", (s) => s.snapshot.status === "done")],
    failed: [notBusy, active, showsRefusalOf("loadCluster")],
    deleted: [notBusy, check("is over: the person goes home", (s) => s.snapshot.status === "done")],
  },
  moves: [
    { from: "loading", on: doneOf("loadCluster"), to: "ready.idle" },
    { from: "loading", on: errorOf("loadCluster"), given: isNotFound, to: "notFound" },
    { from: "loading", on: errorOf("loadCluster"), given: isOther, to: "failed" },
    { from: "failed", on: "clusterPage.refresh", to: "loading" },
    { from: "ready.idle", on: "clusterPage.refresh", to: "ready.refreshing" },
    { from: "ready.refreshing", on: doneOf("reloadCluster"), to: "ready.idle" },
    { from: "ready.refreshing", on: errorOf("reloadCluster"), given: isNotFound, to: "notFound" },
    { from: "ready.refreshing", on: errorOf("reloadCluster"), given: isOther, to: "ready.idle" },
    { from: "ready", on: "clusterPage.updated", to: null },
    { from: "ready.idle", on: "clusterPage.askDelete", to: "ready.confirmingDelete" },
    { from: "ready.confirmingDelete", on: "clusterPage.cancelDelete", to: "ready.idle" },
    { from: "ready.confirmingDelete", on: "clusterPage.confirmDelete", to: "ready.deleting" },
    { from: "ready.deleting", on: doneOf("deleteCluster"), to: "deleted" },
    {
      from: "ready.deleting",
      on: errorOf("deleteCluster"),
      to: "ready.confirmingDelete",
      after: [showsRefusalOf("deleteCluster")],
    },
  ],
}
