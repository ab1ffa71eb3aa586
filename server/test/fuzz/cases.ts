import { contentTypes, rawBodies } from "./bodies"
import type { Case, Fixture } from "./fixture"
import { hostileValues, injections, sweep } from "./hostile"
import { graft, kindOf, leavesOf, type Operation, type Parameter } from "./openapi"
import { prng, toJson } from "./random"
import { type Sampling, sample } from "./sample"
import { ascii, encode, mutate, randomUuid, render } from "./values"

const idKind = (op: Operation, key: string | undefined): keyof Fixture["ids"] | undefined => {
  if (key === "id")
    return /^\/api\/v2\/(cluster|machine)s\//.exec(op.path)?.[1] as "cluster" | "machine" | undefined
  if (key && /^(userId|owner|user|employee)$/.test(key)) return "user"
  if (key === "cluster" || key === "machine") return key
  return undefined
}

const texts = hostileValues.filter((v): v is string => typeof v === "string")
const asciiInjections = injections.filter(ascii)
const schemes = ["JWT ", "Bearer ", "jwt  ", "Basic ", "", "JWT a "]
const suffixes = ["/", "//", "/..", "%00", "/%2e%2e/%2e%2e/etc/passwd", ".json", ";a=1", "/a".repeat(300)]

/**
 * The requests fuzzing `op`: first a sweep, every parameter and body field in turn given each
 * value its kind fears (sent by the member, or the administrator on /admin/ routes, the rest of
 * the request valid and minimal, so that the one wrong value is what the server meets); then `rounds` random requests, each hostile in
 * one respect (cycled, so that each gets its share), sent by anyone. With `reads`, `rounds`
 * valid requests of the member instead, to read back what the hostile ones stored.
 */
export const casesFor = (
  f: Fixture,
  op: Operation,
  seed: number,
  rounds: number,
  reads = false,
): Array<Case> => {
  const r = prng(seed)
  const real = (key: string | undefined) => {
    const kind = idKind(op, key)
    return r.pick(kind ? f.ids[kind] : Object.values(f.ids).flat())
  }
  const uuid = (key: string | undefined) => (r.int(4) === 0 ? randomUuid(r) : real(key))
  const random: Sampling = { int: r.int, pick: r.pick, uuid }
  const minimal: Sampling = { ...random, uuid: real, minimal: true }
  const of = (where: Parameter["in"]) => op.parameters.filter((p) => p.in === where)
  const param = (p: Parameter, s: Sampling) => sample(f.doc, p.schema ?? {}, s, p.name)
  const withBody = op.method !== "GET"
  const maybeEncode = (v: string) => (r.int(2) === 0 ? encode(v) : v)

  /** Valid parameters (as many optional ones as `s` wants) but those `set` gives, encoded already. */
  const make = (s: Sampling, who: string, auth: string | undefined, set: Record<string, string> = {}) => {
    let path = op.path
    for (const p of of("path")) path = path.replace(`{${p.name}}`, set[p.name] ?? encode(String(param(p, s))))
    const query: Array<string> = []
    for (const p of of("query"))
      if (set[p.name] !== undefined) query.push(`${p.name}=${set[p.name]}`)
      else if (p.required || (!s.minimal && r.int(3) > 0))
        for (const v of [param(p, s)].flat()) query.push(`${p.name}=${encode(String(v))}`)
    const headers: Record<string, string> = auth ? { authorization: auth } : {}
    for (const p of of("header")) headers[p.name] = set[p.name] ?? String(param(p, s))
    return { path, query, headers, who }
  }
  const finish = (
    m: ReturnType<typeof make>,
    body?: string,
    type: string | undefined = "application/json",
  ) => {
    const typed = body !== undefined && type !== undefined && withBody
    return {
      method: op.method,
      path: m.query.length > 0 ? `${m.path}?${m.query.join("&")}` : m.path,
      who: m.who,
      headers: typed ? { ...m.headers, "content-type": type } : m.headers,
      body: withBody ? body : undefined,
    }
  }

  if (reads)
    return Array.from({ length: rounds }, () =>
      finish(make({ ...random, uuid: real }, "member", f.people.member)),
    )
  const swept: Array<Case> = []
  const sweeper = op.path.includes("/admin/") ? "admin" : "member"
  const base = () => (op.body && withBody ? sample(f.doc, op.body, minimal) : undefined)
  for (const p of op.parameters.filter((p) => p.in !== "cookie"))
    for (const v of sweep[kindOf(f.doc, p.schema ?? {})]) {
      const text = render(v)
      if (p.in === "header" && !ascii(text)) continue
      const set = { [p.name]: p.in === "header" ? text : encode(text) }
      const body = base()
      const who = `${sweeper}, ${p.in} ${p.name}`
      swept.push(
        finish(make(minimal, who, f.people[sweeper], set), body === undefined ? undefined : toJson(body)),
      )
    }
  if (op.body && withBody)
    for (const leaf of leavesOf(f.doc, op.body))
      for (const v of sweep[kindOf(f.doc, leaf.schema)]) {
        const fill = (schema: typeof leaf.schema, key?: string) => sample(f.doc, schema, minimal, key)
        const body = graft(f.doc, op.body, base(), leaf.path, v, fill)
        const who = `${sweeper}, body ${leaf.path.join(".")}`
        swept.push(finish(make(minimal, who, f.people[sweeper]), toJson(body)))
      }

  return swept.concat(
    Array.from({ length: rounds }, (_, i): Case => {
      const focus = i % 8
      const dice = r.int(10)
      let who = dice === 0 ? "anonymous" : dice < 3 ? "stranger" : dice < 4 ? "admin" : "member"
      let auth = who === "anonymous" ? undefined : f.people[who as keyof Fixture["people"]]
      if (focus === 5) {
        const [label, token] = r.pick(f.tampered)
        ;[who, auth] = [`token ${label}`, `${r.pick(schemes)}${token}`]
      }
      const set: Record<string, string> = {}
      if (focus === 3) for (const p of of("path")) set[p.name] = maybeEncode(r.pick(texts))
      if (focus === 6) for (const p of of("header")) set[p.name] = r.pick(asciiInjections)
      const m = make(random, who, auth, set)
      if (focus === 3 && of("path").length === 0) m.path += r.pick(suffixes)
      // A GET has no body to break: its query takes the body's turns.
      if (focus === 4 || (!withBody && (focus === 0 || focus === 7))) {
        for (const p of of("query"))
          m.query.push(`${p.name}=${maybeEncode(r.pick(texts))}`, `${p.name}=`, p.name)
        m.query.push(`${maybeEncode(r.pick(texts))}=${maybeEncode(r.pick(texts))}`, "a=1&a=2&a[b]=3")
      }
      if (focus === 6)
        m.headers["x-forwarded-for"] = r.pick([...asciiInjections, "999.1.1.1", "::1, 10.0.0.1"])
      let value = op.body ? sample(f.doc, op.body, random) : undefined
      if (focus === 0 || focus === 7) for (let n = focus === 7 ? 3 : 1; n > 0; n--) value = mutate(r, value)
      let body = value === undefined ? undefined : toJson(value)
      let type: string | undefined = "application/json"
      if (focus === 1 || (focus === 0 && !op.body)) body = r.pick(rawBodies)
      if (focus === 2) [type, body] = r.pick(contentTypes(body ?? "{}"))
      return finish(m, body, type)
    }),
  )
}
