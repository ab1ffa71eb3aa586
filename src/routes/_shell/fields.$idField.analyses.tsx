import { Text } from "@mantine/core"
import { createFileRoute } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"

export const Route = createFileRoute("/_shell/fields/$idField/analyses")({
  staticData: { namespaces: ["fields", "screens"] },
  component: FieldAnalyses,
})

/** Until the vegetation index and the activities: what will fill this tab. */
function FieldAnalyses() {
  const { LL } = useI18nContext()
  return <Text c="dimmed">{LL.fields.page.analysesEmpty()}</Text>
}
