import { TextInput, type TextInputProps } from "@mantine/core"

/**
 * A field for a code received by e-mail (login code, address confirmation): offered by the
 * phone's keyboard from the message, typed in capitals without spell-checking, spaced out so
 * the characters are easy to compare with the mail.
 */
export const CodeInput = (props: TextInputProps) => (
  <TextInput
    autoComplete="one-time-code"
    autoCapitalize="characters"
    spellCheck={false}
    styles={{ input: { letterSpacing: "0.2em", fontFamily: "monospace" } }}
    {...props}
  />
)
