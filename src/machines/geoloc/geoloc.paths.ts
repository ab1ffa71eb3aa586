import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
import type { LiveFix } from "../../schema/api.geoloc"
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
  type Seen,
  type Spec,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const sessionOver = (e: AnyEventObject) => (e.error as { sessionOver?: unknown } | null)?.sessionOver === true

/** The stream's failures in a row since one last opened or ended (what the backoff waits on). */
const failuresInARow = (s: Seen) => {
  let n = 0
  for (const e of s.events)
    if (e.type === errorOf("liveStream") && !sessionOver(e)) n++
    else if (e.type === "geoloc.ready" || e.type === doneOf("liveStream")) n = 0
  return n
}

/** The newest fix the stream sent of each machine. */
const newestFixes = (s: Seen) => {
  const newest: Record<string, LiveFix> = {}
  for (const e of s.events)
    if (e.type === "geoloc.fix") {
      const fix = e.fix as LiveFix
      const held = newest[fix.machine]
      if (held === undefined || held.at.epochMillis < fix.at.epochMillis) newest[fix.machine] = fix
    }
  return newest
}

const streamOpen = check("one stream is open (or opening), waiting on the failures in a row", (s) =>
  s.running.some(
    (r) => r.src === "liveStream" && (r.input as { attempt?: unknown }).attempt === failuresInARow(s),
  ),
)
const reopened = check("follows a stream that ended or failed", (s) =>
  s.events.some((e) => e.type === doneOf("liveStream") || e.type === errorOf("liveStream")),
)

/**
 * Issue 15 ("Trouver mes machines"; live positions pushed, not polled; the stream stops when the
 * token expires and resumes after the refresh, reconnects by itself): the machines shown are the
 * server's answer; the stream is always open until the session is over; after a break, the
 * positions are loaded again once a stream opens; a live fix moves a machine only when newer.
 */
export const geolocSpec: Spec = {
  states: {
    data: [
      check("shows the machines the server answered last, or none yet", (s) => {
        const answer = answerOf(s, "loadLast")
        return answer === undefined ? context(s).machines === null : context(s).machines === answer
      }),
    ],
    "data.loading": [busy, calling("loadLast")],
    "data.failed": [notBusy, showsRefusalOf("loadLast")],
    "data.shown": [
      notBusy,
      check(
        "the last load succeeded",
        (s) => lastOf(s, doneOf("loadLast"), errorOf("loadLast"))?.type === doneOf("loadLast"),
      ),
    ],
    live: [
      check(
        "holds the newest fix the stream sent of each machine",
        (s) => s.states.includes("live.off") || isDeepStrictEqual(context(s).fixes, newestFixes(s)),
      ),
    ],
    "live.streaming": [streamOpen, check("no stream has ended or failed yet", (s) => !reopened.holds(s))],
    "live.restreaming": [streamOpen, reopened],
    "live.off": [
      check("no stream is open", (s) => !s.running.some((r) => r.src === "liveStream")),
      check("the session was over", (s) => {
        const last = lastOf(s, errorOf("liveStream"))
        return last !== undefined && sessionOver(last)
      }),
    ],
  },
  moves: [
    { from: "data.loading", on: doneOf("loadLast"), to: "data.shown" },
    { from: "data.loading", on: errorOf("loadLast"), to: "data.failed" },
    { from: "data.failed", on: "geoloc.retry", to: "data.loading" },
    { from: "live.streaming", on: doneOf("liveStream"), to: "live.restreaming" },
    {
      from: "live.streaming",
      on: errorOf("liveStream"),
      given: ["the session is over", sessionOver],
      to: "live.off",
    },
    {
      from: "live.restreaming",
      on: errorOf("liveStream"),
      given: ["the session is over", sessionOver],
      to: "live.off",
    },
    {
      from: "live",
      on: errorOf("liveStream"),
      given: ["lost", (e) => !sessionOver(e)],
      to: "live.restreaming",
    },
    { from: "live.restreaming", on: doneOf("liveStream"), to: "live.restreaming" },
    {
      from: "live.restreaming",
      on: "geoloc.ready",
      to: "data.loading",
      after: [check("loads the positions again", (s) => s.running.some((r) => r.src === "loadLast"))],
    },
    { from: "live.streaming", on: "geoloc.fix", to: null },
  ],
}
