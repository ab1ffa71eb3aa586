import { ParseResult, Schema } from "effect"

const decimal = (signed: boolean) =>
  Schema.transformOrFail(Schema.Union(Schema.String, Schema.Number), Schema.Number, {
    strict: true,
    decode: (input, _, ast) => {
      if (typeof input === "number")
        return Number.isFinite(input) && (signed || input >= 0)
          ? ParseResult.succeed(input)
          : ParseResult.fail(new ParseResult.Type(ast, input, "invalidNumber"))
      const text = input.trim()
      const sign = signed ? "-?" : ""
      if (new RegExp(`^${sign}\\d+,\\d+$`).test(text))
        return ParseResult.fail(new ParseResult.Type(ast, input, "decimalComma"))
      return new RegExp(`^${sign}\\d+(\\.\\d+)?$`).test(text)
        ? ParseResult.succeed(Number(text))
        : ParseResult.fail(new ParseResult.Type(ast, input, "invalidNumber"))
    },
    encode: (n) => ParseResult.succeed(n),
  })

/**
 * SPEC §5: decimal numbers use a point. A number typed in a form arrives as text: "3.5" is 3.5,
 * "3,5" is refused with `decimalComma` (the form and the server say why), anything else that is
 * not a non-negative number with `invalidNumber`. JSON numbers are accepted as they are.
 */
export const Decimal = decimal(false).annotations({
  identifier: "Decimal",
  description: "a number with a decimal point, e.g. 3.5",
})

/** Like `Decimal`, but a leading minus is allowed ("-3.5"; "-3,5" is `decimalComma`). */
export const SignedDecimal = decimal(true).annotations({
  identifier: "SignedDecimal",
  description: "a number with a decimal point, possibly negative, e.g. -3.5",
})

/** A decimal within [min, max]; outside it is refused with `outOfRange`. */
export const decimalBetween = (min: number, max: number) =>
  (min < 0 ? SignedDecimal : Decimal).pipe(
    Schema.filter((n) => (n >= min && n <= max) || "outOfRange", {
      description: `a number from ${min} to ${max}`,
    }),
  )
