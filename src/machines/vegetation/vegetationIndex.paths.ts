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
  type Seen,
  type Spec,
  tagOf,
} from "../lib/paths"
import { showsRefusalOf } from "../lib/paths.fields"

const year = (s: Seen) => context(s).year
const picked = (s: Seen) => lastOf(s, "vegetation.pick")?.fieldId
const lastSeason = (s: Seen) => answerOf(s, "loadSeason") as { status?: string; fieldId?: string } | undefined

/**
 * The vegetation index (SPEC §2 FieldsVegetationIndex; issue: "without configuration the page says
 * what it needs", "no invented values"): the map's values and a field's season are exactly what
 * the server answered; the season the page waits for is asked again until it is no longer pending.
 */
export const vegetationIndexSpec: Spec = {
  states: {
    loading: [busy, calling("loadOverview", year)],
    notConfigured: [
      notBusy,
      check("names the variables the server said it misses", (s) => {
        const refusal = lastOf(s, errorOf("loadOverview"))
        return (
          tagOf(refusal?.error) === "NotConfigured" &&
          isDeepStrictEqual(
            context(s).missing,
            (refusal?.error as { missing?: unknown } | undefined)?.missing,
          )
        )
      }),
    ],
    failed: [notBusy, showsRefusalOf("loadOverview")],
    ready: [
      check("shows the fields the server answered", (s) =>
        isDeepStrictEqual(context(s).index, (answerOf(s, "loadOverview") as { index: unknown }).index),
      ),
      check("the season shown is the picked field's", (s) => {
        const season = context(s).season as { fieldId?: string } | null
        return season === null || season.fieldId === picked(s)
      }),
    ],
    "ready.idle": [notBusy, check("no field is picked", (s) => context(s).selected === null)],
    "ready.loadingSeason": [busy, calling("loadSeason", (s) => ({ fieldId: picked(s), year: year(s) }))],
    "ready.waiting": [
      notBusy,
      calling("pause"),
      check("shows what the server has while it fetches", (s) => lastSeason(s)?.status === "pending"),
    ],
    "ready.shown": [
      notBusy,
      check("shows the season the server answered, no longer pending", (s) => {
        const season = lastSeason(s)
        return season?.status !== "pending" && isDeepStrictEqual(context(s).season, season)
      }),
    ],
    "ready.seasonFailed": [notBusy, showsRefusalOf("loadSeason")],
  },
  moves: [
    { from: "loading", on: doneOf("loadOverview"), to: "ready" },
    {
      from: "loading",
      on: errorOf("loadOverview"),
      given: ["not configured", (e) => tagOf(e.error) === "NotConfigured"],
      to: "notConfigured",
    },
    {
      from: "loading",
      on: errorOf("loadOverview"),
      given: ["unreachable", (e) => tagOf(e.error) !== "NotConfigured"],
      to: "failed",
    },
    { from: "failed", on: "vegetation.retry", to: "loading" },
    { from: "ready", on: "vegetation.pick", to: "ready.loadingSeason" },
    { from: "ready", on: "vegetation.year", to: "loading" },
    {
      from: "ready.loadingSeason",
      on: doneOf("loadSeason"),
      given: ["pending", (e) => e.output?.status === "pending"],
      to: "ready.waiting",
    },
    {
      from: "ready.loadingSeason",
      on: doneOf("loadSeason"),
      given: ["fetched or failed", (e) => e.output?.status !== "pending"],
      to: "ready.shown",
    },
    { from: "ready.loadingSeason", on: errorOf("loadSeason"), to: "ready.seasonFailed" },
    { from: "ready.waiting", on: doneOf("pause"), to: "ready.loadingSeason" },
    { from: "ready.seasonFailed", on: "vegetation.retry", to: "ready.loadingSeason" },
  ],
}
