import type { AnyEventObject } from "xstate"
import {
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
import { fieldErrors, invalid, noErrors, problem, showsRefusalOf, valid } from "../lib/paths.fields"

interface RuleTyped {
  readonly name: string
  readonly frequency: string
  readonly firstEvent: string
}
interface Typed {
  readonly id: string
  readonly name: string
  readonly clusters: ReadonlyArray<string>
  readonly soonShare: string
  readonly rules: ReadonlyArray<RuleTyped>
}
interface Data {
  readonly profiles: ReadonlyArray<{ id: string; name: string; machines: ReadonlyArray<{ id: string }> }>
  readonly machines: ReadonlyArray<{ id: string; cluster: { id: string } }>
}

/** A number typed in the editor: required, a decimal with a point, within [min, max] (`above`: min excluded). */
const number = (text: string, min: number, max: number, above = false) => {
  const t = text.trim()
  if (t === "") return "required"
  const p = problem.decimal(t)
  if (p !== null) return p
  const n = Number(t)
  return n < min || n > max || (above && n === min) ? "outOfRange" : null
}

/** Which message each field of the profile's editor gets (SPEC §5; docs/maintenance.md). */
const formProblems = (event: AnyEventObject) => {
  const v = event.values as Typed
  const name = (text: string) =>
    text.trim() === "" ? "required" : text.trim().length > 120 ? "textTooLong" : null
  const codes: Record<string, string | null> = {
    name: name(v.name),
    clusters: v.clusters.length === 0 ? "required" : null,
    soonShare: number(v.soonShare, 0, 50),
  }
  v.rules.forEach((r, i) => {
    codes[`rules.${i}.name`] = name(r.name)
    codes[`rules.${i}.frequency`] = number(r.frequency, 0, 1_000_000, true)
    codes[`rules.${i}.firstEvent`] = number(r.firstEvent, 0, 1_000_000)
  })
  return codes
}

const lists = check("shows exactly what the server answered last", (s) => {
  const last = lastOf(s, doneOf("loadRules"), doneOf("saveProfile"))
  return context(s).data === (last?.output ?? null)
})

/** The calls the last valid save makes (docs/maintenance.md): the profile, then its machines. */
const expectedSave = (s: Seen) => {
  const save = lastOf(s, "rules.save")
  const v = save?.values as Typed
  const ticked = save?.machines as ReadonlyArray<string>
  const data = lastOf(s, doneOf("loadRules"), doneOf("saveProfile"))?.output as Data | undefined
  const inNamed = new Set(
    (data?.machines ?? []).filter((m) => v.clusters.includes(m.cluster.id)).map((m) => m.id),
  )
  const kept = new Set(ticked.filter((id) => inNamed.has(id)))
  const had = new Set((data?.profiles.find((p) => p.id === v.id)?.machines ?? []).map((m) => m.id))
  return {
    profile: {
      id: v.id,
      name: v.name.trim(),
      clusters: v.clusters,
      soonShare: Number(v.soonShare) / 100,
      rules: v.rules.map((r) => ({
        ...r,
        name: r.name.trim(),
        frequency: Number(r.frequency),
        firstEvent: Number(r.firstEvent),
      })),
    },
    attach: [...kept].filter((id) => !had.has(id)),
    detach: [...had].filter((id) => !kept.has(id)),
  }
}

/**
 * The rules tab (issue 19): the list is the server's; the editor sends nothing while a field is
 * wrong; a save sends the profile (the share as a fraction) and attaches the machines ticked in
 * the structures named, detaching the rest; a refusal keeps the editor open with the message.
 */
export const maintenanceRulesSpec: Spec = {
  states: {
    loading: [busy, calling("loadRules", () => undefined)],
    failed: [notBusy, showsRefusalOf("loadRules"), check("lists nothing", (s) => context(s).data === null)],
    ready: [notBusy, lists],
    saving: [busy, calling("saveProfile", expectedSave)],
  },
  moves: [
    { from: "loading", on: doneOf("loadRules"), to: "ready", after: [noErrors] },
    { from: "loading", on: errorOf("loadRules"), to: "failed" },
    { from: "failed", on: "rules.retry", to: "loading" },
    {
      from: "ready",
      on: "rules.edit",
      to: "ready",
      after: [
        check(
          "opens the editor on that profile, or a new one",
          (s) => context(s).editing === (s.event?.profile ?? "new"),
        ),
        noErrors,
      ],
    },
    {
      from: "ready",
      on: "rules.cancel",
      to: "ready",
      after: [check("closes the editor", (s) => context(s).editing === null), noErrors],
    },
    { from: "ready", on: "rules.save", given: valid(formProblems), to: "saving" },
    {
      from: "ready",
      on: "rules.save",
      given: invalid(formProblems),
      to: "ready",
      after: [fieldErrors(formProblems)],
    },
    {
      from: "saving",
      on: doneOf("saveProfile"),
      to: "ready",
      after: [
        check("closes the editor and names the profile saved", (s) => {
          const c = context(s)
          const v = lastOf(s, "rules.save")?.values as Typed
          const saved =
            (s.event?.output as Data | undefined)?.profiles.find((p) => p.id === v.id)?.name ?? null
          return c.editing === null && c.saved === saved
        }),
      ],
    },
    {
      from: "saving",
      on: errorOf("saveProfile"),
      to: "ready",
      after: [
        showsRefusalOf("saveProfile"),
        check("keeps the editor as it was", (s) => {
          const last = lastOf(s, "rules.edit", "rules.cancel", doneOf("saveProfile"))
          const open = last?.type === "rules.edit" ? (last.profile ?? "new") : null
          return context(s).editing === open
        }),
      ],
    },
  ],
}
