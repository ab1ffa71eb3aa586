import { Stack, Text, Title } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FixesTableMachine } from "../../machines/telemetry/fixesTable"
import { liveExpertMachine } from "../../machines/telemetry/fixesTable.actors"
import { FixesPanel } from "./FixesPanel"

/** /expert (SPEC §2): a machine's raw fixes over a UTC period, paged, its CSV, its boxes. */
export const ExpertPage = ({
  machine = liveExpertMachine,
  now,
}: {
  machine?: FixesTableMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.expert()}</Title>
      <Text c="dimmed">{LL.telemetry.intro()}</Text>
      <FixesPanel machine={machine} kind="machine" now={now} />
    </Stack>
  )
}
