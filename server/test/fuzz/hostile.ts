import { Raw } from "./random"

export const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`
export const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`
/** 309 digits: too big for a double, so Number() makes it Infinity. */
export const digits309 = "9".repeat(309)

/** Strings an attacker tries in any text: injection, traversal, markup, templates, odd characters. */
export const injections = [
  "' OR 1=1--",
  "'; DROP TABLE users;--",
  '" OR ""="',
  "../../etc/passwd",
  "..%2f..%2fetc%2fpasswd",
  "%00",
  "%ZZ",
  "<script>alert(1)</script>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, sent as text
  "${7*7}{{7*7}}",
  "\\",
  "__proto__",
  "constructor",
  "null",
  "undefined",
  "-1",
  "1e309",
  "99999-01-01",
  "é€😀",
  "%F0%9F%98%80",
  "%ED%A0%80",
  "a".repeat(5000),
]

/** Numbers out of range or not quite numbers, for where a number (or a decimal as text) goes. */
export const numbers: ReadonlyArray<unknown> = [
  new Raw("1e309"),
  new Raw("-1e309"),
  new Raw(digits309),
  new Raw(`-${digits309}`),
  new Raw(`0.${"0".repeat(400)}1`),
  new Raw("1e-400"),
  digits309,
  `${digits309}.5`,
  "1e309",
  "-1e308",
  1e308,
  -1e308,
  2 ** 53 + 1,
  -0,
  -1,
  "3,5",
  "0x10",
  " 1 ",
  "NaN",
  "Infinity",
]

/** Dates out of range, impossible or barely valid, for where a date goes. */
export const dates: ReadonlyArray<unknown> = [
  "99999-01-01",
  "+275760-09-13T00:00:00.000Z",
  "-271821-04-20T00:00:00Z",
  "2024-02-30T25:61:61Z",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
  "10000-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "2031-01-06",
  "2031-01-06T08:00:00+99:00",
  0,
  new Raw("8.64e15"),
]

/** Near-ids, for where an id goes. */
export const ids: ReadonlyArray<unknown> = [
  "00000000-0000-0000-0000-000000000000",
  "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
  "00000000-0000-0000-0000-00000000000g",
  "00000000-0000-0000-0000-0000000000000",
  "{00000000-0000-0000-0000-000000000000}",
  "' OR 1=1--",
  1,
]

/** Texts the database cannot store or that are too big to be anything. */
export const texts: ReadonlyArray<unknown> = [
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "\ud83d",
  "x".repeat(10_000),
  "é".repeat(40_000),
  "",
  "   ",
]

/** Leaves of every JSON type, out of range, or holding what the database cannot store. */
export const hostileValues: ReadonlyArray<unknown> = [
  ...injections,
  ...numbers,
  ...dates,
  ...ids,
  null,
  true,
  false,
  0,
  1.5,
  [],
  {},
  [1, "a", null],
  ...texts,
  JSON.parse('{"__proto__":{"admin":true}}'),
  { constructor: { prototype: { admin: true } } },
  new Raw(nested(3000)),
  new Raw(nestedObjects(3000)),
  new Raw(nested(200)),
]

/** Mostly a value hostile to what `target` is (a number, a date, an id, a text), else anything. */
export const hostileFor = (pick: <A>(xs: ReadonlyArray<A>) => A, target: unknown): unknown => {
  const text = typeof target === "string" ? target : undefined
  const kind =
    typeof target === "number" || /^-?\d+(\.\d+)?$/.test(text ?? "")
      ? numbers
      : /^\d{4}-\d\d-\d\dT/.test(text ?? "")
        ? dates
        : /^[0-9a-f]{8}-/.test(text ?? "")
          ? ids
          : text !== undefined
            ? [...texts, ...injections]
            : hostileValues
  return pick(pick([kind, kind, hostileValues]))
}

/**
 * The few values each kind of field is tried with, every field of every operation, so the worst
 * of them is never left to chance: out of range, then unstorable.
 */
export const sweep: Readonly<Record<"number" | "date" | "id" | "text" | "other", ReadonlyArray<unknown>>> = {
  number: [new Raw(digits309), digits309, `-${digits309}`, -1e308],
  date: ["99999-01-01", "+275760-09-13T00:00:00.000Z", "-000001-01-01T00:00:00Z"],
  id: ["00000000-0000-0000-0000-000000000000", "' OR 1=1--", "\ud800"],
  text: ["a\u0000b", "\ud800", "x".repeat(10_000)],
  other: [null, "\ud800", { a: [] }],
}
