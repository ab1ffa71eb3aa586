import { Stack, Text, Title } from "@mantine/core"
import { useI18nContext } from "../../i18n/i18n-react"
import type { FixesTableMachine } from "../../machines/telemetry/fixesTable"
import { liveCanbusMachine, liveExpertMachine } from "../../machines/telemetry/fixesTable.actors"
import { FixesPanel } from "./FixesPanel"

/** A page of raw data: its title, what it shows, and the panel that reads it. */
const RawDataPage = ({
  title,
  intro,
  machine,
  kind,
  now,
}: {
  title: string
  intro: string
  machine: FixesTableMachine
  kind: "machine" | "canbus"
  now?: number
}) => (
  <Stack gap="md">
    <Title order={1}>{title}</Title>
    <Text c="dimmed">{intro}</Text>
    <FixesPanel machine={machine} kind={kind} now={now} />
  </Stack>
)

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
    <RawDataPage
      title={LL.screens.expert()}
      intro={LL.telemetry.intro()}
      machine={machine}
      kind="machine"
      now={now}
    />
  )
}

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
    <RawDataPage
      title={LL.screens.canbusRaw()}
      intro={LL.telemetry.canIntro()}
      machine={machine}
      kind="canbus"
      now={now}
    />
  )
}
