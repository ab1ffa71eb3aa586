import { isDeepStrictEqual } from "node:util"
import type { AnyEventObject } from "xstate"
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
import {
  fieldErrors,
  invalid,
  noErrors,
  type Problems,
  problem,
  showsRefusalOf,
  valid,
} from "../lib/paths.fields"

/**
 * A structure's information (SPEC §3): name, type and a kind of that type, the address with
 * number and street, postal code, city and country required; VAT number and description optional.
 */
const kindsOf: Record<string, ReadonlyArray<string>> = {
  farm: ["dealer", "manufacturer", "company", "service"],
  sharing: ["cuma", "pooling"],
  enterprise: ["farm"],
}
const problems: Problems = (e: AnyEventObject) => {
  const v = e.values as Record<string, unknown> & { address: Record<string, unknown> }
  return {
    name: problem.required(v.name),
    kind: (kindsOf[String(v.type)] ?? []).includes(String(v.kind)) ? null : "invalidKind",
    "address.street": problem.required(v.address.street),
    "address.postalCode": problem.required(v.address.postalCode),
    "address.city": problem.required(v.address.city),
    "address.country": problem.required(v.address.country),
  }
}
const typed = (s: Parameters<typeof context>[0]) =>
  lastOf(s, "clusterForm.save")?.values as Record<string, unknown> & { name: string }
const sendsTyped = calling("saveCluster")
const sendsTrimmedName = check(
  "sends the typed name trimmed: as a new structure, or as an edit of the one saved just before",
  (s) => {
    const call = s.running.find((r) => r.src === "saveCluster")?.input as
      | { id: unknown; input: { name: string; kind: string } }
      | undefined
    const saved = answerOf(s, "saveCluster") as { id: string } | undefined
    return (
      call?.id === (saved?.id ?? null) &&
      call.input.name === typed(s).name.trim() &&
      call.input.kind === typed(s).kind
    )
  },
)
const holdsSaved = check("holds the structure the server answered", (s) =>
  isDeepStrictEqual(context(s).cluster, answerOf(s, "saveCluster")),
)

export const clusterFormSpec: Spec = {
  states: {
    editing: [notBusy, check("opened to create: no structure yet", (s) => context(s).cluster === null)],
    saving: [busy, sendsTyped, sendsTrimmedName],
    saved: [notBusy, holdsSaved],
    failed: [notBusy, showsRefusalOf("saveCluster")],
  },
  moves: [
    ...["editing", "saved", "failed"].flatMap((from) => [
      { from, on: "clusterForm.save", given: valid(problems), to: "saving", after: [noErrors] },
      { from, on: "clusterForm.save", given: invalid(problems), to: null, after: [fieldErrors(problems)] },
    ]),
    { from: "saving", on: doneOf("saveCluster"), to: "saved", after: [noErrors] },
    { from: "saving", on: errorOf("saveCluster"), to: "failed" },
  ],
}
