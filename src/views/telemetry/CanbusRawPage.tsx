import { Stack, Text, Title } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FixesTableMachine } from "../../machines/telemetry/fixesTable"
import { liveCanbusMachine } from "../../machines/telemetry/fixesTable.actors"
import { FixesPanel } from "./FixesPanel"

/** /canbus_raw (SPEC §2): a machine's raw CAN values over a UTC period, paged, and their CSV. */
export const CanbusRawPage = ({
  machine = liveCanbusMachine,
  now,
}: {
  machine?: FixesTableMachine
  now?: number
}) => {
  const { LL } = useI18nContext()
  return (
    <Stack gap="md">
      <Title order={1}>{LL.screens.canbusRaw()}</Title>
      <Text c="dimmed">{LL.telemetry.canIntro()}</Text>
      <FixesPanel machine={machine} kind="canbus" now={now} />
    </Stack>
  )
}
