import { Stack } from "@mantine/core"
import { createFileRoute } from "@tanstack/react-router"
import { BleTagsSection } from "../../views/counters/BleTags"
import { CountersPage } from "../../views/counters/CountersPage"

export const Route = createFileRoute("/_shell/counter/")({
  staticData: { namespaces: ["clusters", "membership", "counters", "dateTime"] },
  component: () => (
    <Stack gap="xl">
      <CountersPage />
      <BleTagsSection />
    </Stack>
  ),
})
