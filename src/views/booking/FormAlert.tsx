import { Alert } from "@mantine/core"
import { errorText } from "../../i18n/errorText"
import { useI18nContext } from "../../i18n/i18n-react"
import type { MessageCode } from "../../schema/messages"

/** The refusal or the summary above the button; a taken resource is named ('La ressource X n'est plus disponible'). */
export const FormAlert = ({ code, names }: { code: MessageCode | null; names: ReadonlyArray<string> }) => {
  const { LL } = useI18nContext()
  if (code === null) return null
  return (
    <Alert color="red" variant="light" role="alert">
      {errorText(LL, code, names.length > 0 ? names.join(", ") : undefined)}
    </Alert>
  )
}
