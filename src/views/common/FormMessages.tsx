import { Alert, Text } from "@mantine/core"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MessageCode } from "../../schema/messages"

/** The server's refusal, translated from its code (SPEC §8: shown as an alert). */
export const ServerAlert = ({ code, title }: { code: MessageCode | null; title?: string }) => {
  const { LL } = useI18nContext()
  if (code === null) return null
  return (
    <Alert color="red" variant="light" title={title ?? LL.failure.heading()} role="alert">
      {errorText(LL, code)}
    </Alert>
  )
}

/** SPEC §5 'Champs requis' under a form when a required field is empty. */
export const RequiredSummary = ({ errors }: { errors: Partial<Record<string, MessageCode>> }) => {
  const { LL } = useI18nContext()
  if (!Object.values(errors).includes("required")) return null
  return (
    <Text c="red.9" size="sm" role="status">
      {LL.failure.requiredFields()}
    </Text>
  )
}

/** Translates a field's message code for Mantine's `error` prop. */
export const useFieldError = () => {
  const { LL } = useI18nContext()
  return (code: MessageCode | undefined) => (code === undefined ? undefined : errorText(LL, code))
}
