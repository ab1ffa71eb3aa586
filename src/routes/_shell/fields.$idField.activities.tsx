import { Text } from "@mantine/core"
import { createFileRoute } from "@tanstack/react-router"
import { useI18nContext } from "../../i18n/i18n-react"

export const Route = createFileRoute("/_shell/fields/$idField/activities")({
  staticData: { namespaces: ["fields", "screens"] },
  component: FieldActivities,
})

/** Until the activity engine: what will fill this tab. */
function FieldActivities() {
  const { LL } = useI18nContext()
  return <Text c="dimmed">{LL.fields.page.activitiesEmpty()}</Text>
}
