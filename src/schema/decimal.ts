import { ParseResult, Schema } from "effect"

/**
 * SPEC §5: decimal numbers use a point. A number typed in a form arrives as text: "3.5" is 3.5,
 * "3,5" is refused with `decimalComma` (the form and the server say why), anything else that is
 * not a non-negative number with `invalidNumber`. JSON numbers are accepted as they are.
 */
export const Decimal = Schema.transformOrFail(Schema.Union(Schema.String, Schema.Number), Schema.Number, {
  strict: true,
  decode: (input, _, ast) => {
    if (typeof input === "number")
      return Number.isFinite(input) && input >= 0
        ? ParseResult.succeed(input)
        : ParseResult.fail(new ParseResult.Type(ast, input, "invalidNumber"))
    const text = input.trim()
    if (/^\d+,\d+$/.test(text)) return ParseResult.fail(new ParseResult.Type(ast, input, "decimalComma"))
    return /^\d+(\.\d+)?$/.test(text)
      ? ParseResult.succeed(Number(text))
      : ParseResult.fail(new ParseResult.Type(ast, input, "invalidNumber"))
  },
  encode: (n) => ParseResult.succeed(n),
}).annotations({ identifier: "Decimal", description: "a number with a decimal point, e.g. 3.5" })
