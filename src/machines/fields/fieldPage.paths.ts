import { isDeepStrictEqual } from "node:util"
import {
  answerOf,
  busy,
  calling,
  check,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const can = (s: Parameters<typeof context>[0]) =>
  (context(s).detail as { field: { can: { delete: boolean; edit: boolean } } } | null)?.field.can
const mayDelete = (s: Parameters<typeof context>[0]) => can(s)?.delete === true
const lastChoice = (s: Parameters<typeof context>[0]) =>
  lastOf(s, "fieldPage.saveOwner") as { owner: string; since: string } | undefined

/** A field's page (SPEC §2 fields/{idField}): its facts as the server answered, or why not. */
export const fieldPageSpec: Spec = {
  states: {
    loading: [busy, calling("loadField", (s) => context(s).id)],
    ready: [
      check("shows the field as the server last answered (loaded, or given to someone)", (s) =>
        isDeepStrictEqual(
          context(s).detail,
          (lastOf(s, doneOf("loadField"), doneOf("changeOwner")) as { output?: unknown } | undefined)?.output,
        ),
      ),
    ],
    failed: [notBusy, showsRefusalOf("loadField")],
    "ready.viewing": [
      notBusy,
      check(
        "stays when asked to delete a field the person may not delete",
        (s) => s.event?.type !== "fieldPage.askDelete" || !mayDelete(s),
      ),
    ],
    "ready.owner": [check("only for a field the person may give away", (s) => can(s)?.edit === true)],
    "ready.owner.loadingCandidates": [busy, calling("ownerCandidates", (s) => context(s).id)],
    "ready.owner.choosing": [
      notBusy,
      check("offers whom the server said", (s) =>
        isDeepStrictEqual(context(s).candidates, answerOf(s, "ownerCandidates")),
      ),
      check("says a choice is missing when one is", (s) => {
        const choice = lastChoice(s)
        return s.event?.type !== "fieldPage.saveOwner" || choice?.owner === "" || choice?.since === ""
          ? s.event?.type !== "fieldPage.saveOwner" || context(s).error === "required"
          : true
      }),
    ],
    "ready.owner.saving": [
      busy,
      calling("changeOwner", (s) => ({
        id: context(s).id,
        change: { owner: lastChoice(s)?.owner, since: lastChoice(s)?.since },
      })),
    ],
    "ready.confirmingDelete": [notBusy, check("only for a field the person may delete", mayDelete)],
    "ready.deleting": [busy, calling("deleteField", (s) => context(s).id)],
    deleted: [
      notBusy,
      check("deleted the field the page shows", (s) => lastOf(s, doneOf("deleteField")) !== undefined),
    ],
  },
  moves: [
    { from: "loading", on: doneOf("loadField"), to: "ready" },
    { from: "loading", on: errorOf("loadField"), to: "failed" },
    { from: "failed", on: "fieldPage.retry", to: "loading" },
    { from: "ready.owner.loadingCandidates", on: doneOf("ownerCandidates"), to: "ready.owner.choosing" },
    {
      from: "ready.owner.loadingCandidates",
      on: errorOf("ownerCandidates"),
      to: "ready.viewing",
      after: [showsRefusalOf("ownerCandidates")],
    },
    { from: "ready.owner.choosing", on: "fieldPage.cancelOwner", to: "ready.viewing" },
    {
      from: "ready.owner.choosing",
      on: "fieldPage.saveOwner",
      given: ["someone and a day", (e) => e.owner !== "" && e.since !== ""],
      to: "ready.owner.saving",
    },
    {
      from: "ready.owner.choosing",
      on: "fieldPage.saveOwner",
      given: ["no one or no day", (e) => e.owner === "" || e.since === ""],
      to: "ready.owner.choosing",
    },
    {
      from: "ready.owner.saving",
      on: doneOf("changeOwner"),
      to: "ready.viewing",
      after: [
        check("shows the field as the server now has it, with its owners", (s) =>
          isDeepStrictEqual(context(s).detail, answerOf(s, "changeOwner")),
        ),
      ],
    },
    {
      from: "ready.owner.saving",
      on: errorOf("changeOwner"),
      to: "ready.owner.choosing",
      after: [showsRefusalOf("changeOwner")],
    },
    { from: "ready.confirmingDelete", on: "fieldPage.cancelDelete", to: "ready.viewing" },
    { from: "ready.confirmingDelete", on: "fieldPage.delete", to: "ready.deleting" },
    { from: "ready.deleting", on: doneOf("deleteField"), to: "deleted" },
    {
      from: "ready.deleting",
      on: errorOf("deleteField"),
      to: "ready.viewing",
      after: [showsRefusalOf("deleteField")],
    },
  ],
}
