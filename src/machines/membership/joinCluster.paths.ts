import { isDeepStrictEqual } from "node:util"
import {
  active,
  answerOf,
  busy,
  calling,
  check,
  codeOf,
  context,
  doneOf,
  errorOf,
  lastOf,
  notBusy,
  type Spec,
} from "../lib/paths"
import { fieldErrors, invalid, noErrors, type Problems, showsRefusalOf, valid } from "../lib/paths.fields"

/**
 * Joining a structure: the directory is searched with at least 2 characters (trimmed); a request
 * sent shows that structure as pending.
 */
const problems: Problems = (e) => ({ q: String(e.q ?? "").trim().length < 2 ? "searchTooShort" : null })
const asked = (s: Parameters<typeof context>[0]) => lastOf(s, "joinCluster.request")
const entries = (s: Parameters<typeof context>[0]) =>
  (context(s).results ?? []) as ReadonlyArray<{ id: string; mine: string }>

export const joinClusterSpec: Spec = {
  states: {
    idle: [notBusy, active],
    searching: [busy, calling("searchDirectory", (s) => String(lastOf(s, "joinCluster.search")?.q).trim())],
    results: [notBusy, check("shows results", (s) => context(s).results !== null)],
    requesting: [
      busy,
      calling("requestToJoin", (s) => ({ clusterId: asked(s)?.clusterId, role: asked(s)?.role })),
    ],
  },
  moves: [
    ...["idle", "results"].flatMap((from) => [
      { from, on: "joinCluster.search", given: valid(problems), to: "searching", after: [noErrors] },
      { from, on: "joinCluster.search", given: invalid(problems), to: null, after: [fieldErrors(problems)] },
    ]),
    {
      from: "searching",
      on: doneOf("searchDirectory"),
      to: "results",
      after: [
        check("shows exactly what the directory answered", (s) =>
          isDeepStrictEqual(context(s).results, answerOf(s, "searchDirectory")),
        ),
      ],
    },
    {
      from: "searching",
      on: errorOf("searchDirectory"),
      to: "idle",
      after: [showsRefusalOf("searchDirectory")],
    },
    { from: "results", on: "joinCluster.request", to: "requesting" },
    {
      from: "requesting",
      on: doneOf("requestToJoin"),
      to: "results",
      after: [
        check("shows the structure asked as pending", (s) =>
          entries(s).some((e) => e.id === asked(s)?.clusterId && e.mine === "requested"),
        ),
        check("remembers which structure was asked", (s) => context(s).requested === asked(s)?.clusterId),
      ],
    },
    {
      from: "requesting",
      on: errorOf("requestToJoin"),
      to: "results",
      after: [
        showsRefusalOf("requestToJoin"),
        check("a structure already asked or joined shows that standing", (s) => {
          const code = codeOf(lastOf(s, errorOf("requestToJoin"))?.error)
          const expected =
            code === "alreadyRequested" ? "requested" : code === "alreadyMember" ? "member" : null
          return (
            expected === null || entries(s).some((e) => e.id === asked(s)?.clusterId && e.mine === expected)
          )
        }),
      ],
    },
  ],
}
