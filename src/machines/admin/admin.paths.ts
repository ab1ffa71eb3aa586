// Size: the path specs of the four admin charts, which share their checks of the admin frame.
import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
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
  type Seen,
  type Spec,
  tagOf,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

/** Issue 4, admin area: only platform administrators; the server's 403 means "reserved". */
const refusedAsNonAdmin = (actor: string) =>
  check(`${actor} was refused with 403`, (s) => tagOf(lastOf(s, errorOf(actor))?.error) === "Forbidden")
const isNonAdmin = (actor: string) =>
  ["a 403", (e: AnyEventObject) => e.type === errorOf(actor) && tagOf(e.error) === "Forbidden"] as const
const isOtherFailure = (actor: string) =>
  ["not a 403", (e: AnyEventObject) => e.type === errorOf(actor) && tagOf(e.error) !== "Forbidden"] as const
const lists = (key: string, actor: string) =>
  check(`lists what ${actor} answered`, (s) => {
    const answer = answerOf(s, actor) as ReadonlyArray<{ id?: unknown }> | undefined
    const shown = context(s)[key] as ReadonlyArray<unknown> | null
    return answer !== undefined && shown !== null && shown.length >= answer.length
  })
const showsLast = (actor: string) =>
  check(`shows the refusal of ${actor} if the last answer was one`, (s) => {
    const last = lastOf(s, doneOf(actor), errorOf(actor))
    return last?.type !== errorOf(actor) || context(s).error === codeOf(last.error)
  })
const rowIs = (
  key: string,
  idOf: (row: never) => unknown,
  actor: string,
  rowOf: (answer: never) => unknown = (answer) => answer,
) =>
  check(`the changed row is exactly what ${actor} answered`, (s: Seen) => {
    const answer = rowOf(answerOf(s, actor) as never) as never
    const rows = context(s)[key] as ReadonlyArray<never>
    return rows.some((r) => idOf(r) === idOf(answer) && isDeepStrictEqual(r, answer))
  })

const loadStates = (actor: string, key: string) => ({
  loading: [busy, calling(actor)],
  forbidden: [notBusy, refusedAsNonAdmin(actor)],
  failed: [notBusy, active, showsRefusalOf(actor)],
  ready: [notBusy, active, lists(key, actor)],
})
const loadMoves = (actor: string, retry: string) => [
  { from: "loading", on: doneOf(actor), to: "ready" },
  { from: "loading", on: errorOf(actor), given: isNonAdmin(actor), to: "forbidden" },
  { from: "loading", on: errorOf(actor), given: isOtherFailure(actor), to: "failed" },
  { from: "failed", on: retry, to: "loading" },
]

export const adminUsersSpec: Spec = {
  states: {
    ...loadStates("loadUsers", "users"),
    ready: [notBusy, active, lists("users", "loadUsers"), showsLast("setAdmin")],
    confirming: [
      notBusy,
      active,
      check("keeps the change asked, not sent yet", (s) => {
        const e = lastOf(s, "adminUsers.setAdmin")
        const pending = context(s).pending as { user: unknown; admin: unknown } | null
        return (
          pending?.user === e?.user &&
          pending?.admin === e?.admin &&
          !s.running.some((r) => r.src === "setAdmin")
        )
      }),
    ],
    saving: [
      busy,
      calling("setAdmin", (s) => {
        const e = lastOf(s, "adminUsers.setAdmin")
        return { user: e?.user, admin: e?.admin }
      }),
    ],
  },
  moves: [
    ...loadMoves("loadUsers", "adminUsers.retry"),
    { from: "ready", on: "adminUsers.setAdmin", to: "confirming" },
    { from: "confirming", on: "adminUsers.confirm", to: "saving" },
    {
      from: "confirming",
      on: "adminUsers.cancel",
      to: "ready",
      after: [check("forgets the change", (s) => context(s).pending === null)],
    },
    {
      from: "saving",
      on: doneOf("setAdmin"),
      to: "ready",
      after: [rowIs("users", (u: { user: { id: unknown } }) => u.user.id, "setAdmin")],
    },
    { from: "saving", on: errorOf("setAdmin"), to: "ready" },
  ],
}

const counterIdOk = (e: AnyEventObject) =>
  /^[A-Z0-9-]{3,32}$/.test(
    String(e.id ?? "")
      .trim()
      .toUpperCase(),
  )
const tagIdOk = (e: AnyEventObject) =>
  /^[A-Z0-9:-]{3,32}$/.test(
    String(e.id ?? "")
      .trim()
      .toUpperCase(),
  )

const registry = (name: "adminCounters" | "adminTags"): Spec => {
  const key = name === "adminCounters" ? "counters" : "tags"
  const load = name === "adminCounters" ? "loadCounters" : "loadTags"
  const register = name === "adminCounters" ? "registerCounter" : "registerTag"
  const attribute = name === "adminCounters" ? "attributeCounter" : "attributeTag"
  const ok = name === "adminCounters" ? counterIdOk : tagIdOk
  const typedId = (s: Seen) =>
    String(lastOf(s, `${name}.register`)?.id ?? "")
      .trim()
      .toUpperCase()
  return {
    states: {
      ...loadStates(load, key),
      ready: [
        notBusy,
        active,
        lists(key, load),
        showsLast(register),
        showsLast(attribute),
        ...(name === "adminCounters" ? [showsLast("rotateSecret")] : []),
      ],
      registering: [
        busy,
        calling(register, (s) =>
          name === "adminCounters"
            ? { id: typedId(s), kind: lastOf(s, "adminCounters.register")?.kind ?? "box" }
            : { id: typedId(s), type: lastOf(s, "adminTags.register")?.tagType },
        ),
      ],
      ...(name === "adminCounters"
        ? { rotating: [busy, calling("rotateSecret", (s) => lastOf(s, "adminCounters.rotate")?.counter)] }
        : {}),
      attributing: [
        busy,
        calling(attribute, (s) => {
          const e = lastOf(s, `${name}.attribute`)
          return name === "adminCounters"
            ? { counter: e?.counter, cluster: e?.cluster }
            : { tag: e?.tag, cluster: e?.cluster }
        }),
      ],
    },
    moves: [
      ...loadMoves(load, `${name}.retry`),
      { from: "ready", on: `${name}.register`, given: ["a well-formed id", ok], to: "registering" },
      {
        from: "ready",
        on: `${name}.register`,
        given: ["a missing or malformed id", (e) => !ok(e)],
        to: "ready",
        after: [
          check("says on the id field why", (s) => {
            const empty = String(s.event?.id ?? "").trim() === ""
            const wanted = empty
              ? name === "adminCounters"
                ? "counterRequired"
                : "required"
              : "selectionUnknown"
            return (context(s).errors as { id?: string }).id === wanted
          }),
        ],
      },
      {
        from: "registering",
        on: doneOf(register),
        to: "ready",
        after: [
          ...(name === "adminCounters"
            ? [
                rowIs(
                  key,
                  (r: { id: unknown }) => r.id,
                  register,
                  (a: { counter: unknown }) => a.counter,
                ),
                check("shows the secret issued, once, with its box", (s) => {
                  const answer = answerOf(s, register) as { counter: { id: unknown }; secret: unknown }
                  const issued = context(s).issued as { counter: unknown; secret: unknown } | null
                  return issued?.counter === answer.counter.id && issued?.secret === answer.secret
                }),
              ]
            : [rowIs(key, (r: { id: unknown }) => r.id, register)]),
          check("the list stays sorted by id", (s) => {
            const ids = (context(s)[key] as ReadonlyArray<{ id: string }>).map((r) => r.id)
            return isDeepStrictEqual(
              ids,
              [...ids].sort((a, b) => a.localeCompare(b)),
            )
          }),
        ],
      },
      { from: "registering", on: errorOf(register), to: "ready" },
      ...(name === "adminCounters"
        ? [
            { from: "ready", on: "adminCounters.rotate", to: "rotating" },
            {
              from: "rotating",
              on: doneOf("rotateSecret"),
              to: "ready",
              after: [
                check("shows the new secret, once, with its box, whose row says when it was issued", (s) => {
                  const counter = lastOf(s, "adminCounters.rotate")?.counter
                  const secret = answerOf(s, "rotateSecret") as { issuedAt: unknown }
                  const issued = context(s).issued as { counter: unknown; secret: unknown } | null
                  const row = (
                    context(s).counters as ReadonlyArray<{ id: unknown; secretIssuedAt: unknown }>
                  ).find((c) => c.id === counter)
                  return (
                    issued?.counter === counter &&
                    issued?.secret === secret &&
                    (row === undefined || row.secretIssuedAt === secret.issuedAt)
                  )
                }),
              ],
            },
            { from: "rotating", on: errorOf("rotateSecret"), to: "ready" },
          ]
        : []),
      { from: "ready", on: `${name}.attribute`, to: "attributing" },
      {
        from: "attributing",
        on: doneOf(attribute),
        to: "ready",
        after: [rowIs(key, (r: { id: unknown }) => r.id, attribute)],
      },
      { from: "attributing", on: errorOf(attribute), to: "ready" },
    ],
  }
}
export const adminCountersSpec = registry("adminCounters")
export const adminTagsSpec = registry("adminTags")

/** The directory answers queries of 2 characters or more (trimmed); shorter ones call nothing. */
const typed = (s: Seen) => String(lastOf(s, "clusterSearch.type")?.q ?? "").trim()
const long = ["2 characters or more", (e: AnyEventObject) => String(e.q).trim().length >= 2] as const
const short = ["under 2 characters", (e: AnyEventObject) => String(e.q).trim().length < 2] as const
export const adminClusterSearchSpec: Spec = {
  states: {
    idle: [notBusy, check("lists nothing", (s) => context(s).results === null)],
    searching: [busy, calling("searchClusters", typed)],
    found: [
      notBusy,
      check("lists what the directory answered", (s) =>
        isDeepStrictEqual(context(s).results, answerOf(s, "searchClusters")),
      ),
    ],
    failed: [notBusy, showsRefusalOf("searchClusters")],
  },
  moves: [
    { from: "*", on: "clusterSearch.type", given: long, to: "searching" },
    { from: "*", on: "clusterSearch.type", given: short, to: "idle" },
    { from: "searching", on: doneOf("searchClusters"), to: "found" },
    { from: "searching", on: errorOf("searchClusters"), to: "failed" },
  ],
}
