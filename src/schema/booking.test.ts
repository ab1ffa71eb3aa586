import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { BookingInput, BookingQuery } from "./booking"
import { firstCode } from "./validation"

/** The message codes of a decode that failed (as the server reads them), or "ok". */
const codesOf = <A, I>(schema: Schema.Schema<A, I>, value: unknown) => {
  const result = Schema.decodeUnknownEither(schema)(value)
  return Either.isRight(result)
    ? "ok"
    : ParseResult.ArrayFormatter.formatErrorSync(result.left).flatMap(
        (issue) => firstCode(issue.message) ?? [],
      )
}

const input = (fields: Record<string, unknown>) => ({
  id: crypto.randomUUID(),
  resources: [{ kind: "machine", id: crypto.randomUUID() }],
  user: crypto.randomUUID(),
  start_date: "2030-03-01T08:00:00Z",
  end_date: "2030-03-01T12:00:00Z",
  ...fields,
})

describe("booking dates", () => {
  it("are from 2000-01-01 to 2150-01-01 included, outOfRange outside", () => {
    expect(codesOf(BookingInput, input({ start_date: "2000-01-01T00:00:00Z" }))).toBe("ok")
    expect(codesOf(BookingInput, input({ end_date: "2150-01-01T00:00:00Z" }))).toBe("ok")
    expect(codesOf(BookingInput, input({ start_date: "1999-12-31T23:59:59Z" }))).toEqual(["outOfRange"])
    expect(codesOf(BookingInput, input({ end_date: "2150-01-01T00:00:01Z" }))).toEqual(["outOfRange"])
    expect(codesOf(BookingInput, input({ end_date: "+275000-12-10T10:00:00Z" }))).toEqual(["outOfRange"])
    expect(codesOf(BookingInput, input({ start_date: "-000100-12-12T08:00:00Z" }))).toEqual(["outOfRange"])
  })

  it("still ask for a date when the text is none, and for an end after the start", () => {
    expect(codesOf(BookingInput, input({ start_date: "demain" }))).toEqual(["required"])
    expect(codesOf(BookingInput, input({ end_date: "2030-03-01T08:00:00Z" }))).toEqual(["endBeforeStart"])
  })

  it("have no longest duration: a season, or decades, in one booking", () => {
    expect(codesOf(BookingInput, input({ end_date: "2140-01-01T00:00:00Z" }))).toBe("ok")
  })

  it("bound the list window the same way", () => {
    expect(codesOf(BookingQuery, { from: "2000-01-01T00:00:00Z", to: "2150-01-01T00:00:00Z" })).toBe("ok")
    expect(codesOf(BookingQuery, { from: "+275000-01-01T00:00:00Z" })).toEqual(["outOfRange"])
    expect(codesOf(BookingQuery, { to: "1970-01-01T00:00:00Z" })).toEqual(["outOfRange"])
  })
})

describe("booking texts", () => {
  it("refuse a NUL character or a lone surrogate in the comments or the location (invalidText)", () => {
    for (const comments of ["a\u0000b", "\u0000", "x\ud800", "\udc00y"])
      expect(codesOf(BookingInput, input({ comments }))).toEqual(["invalidText"])
    expect(codesOf(BookingInput, input({ location: { label: "Champ\u0000", point: null } }))).toEqual([
      "invalidText",
    ])
  })

  it("take any other character: accents, emoji, other alphabets, line breaks", () => {
    const comments = "Semis d'orge 🌾 — Łąka, Größe\nparcelle nº 3\t✓"
    expect(codesOf(BookingInput, input({ comments, location: { label: "Łąka 🌾", point: null } }))).toBe("ok")
  })
})
