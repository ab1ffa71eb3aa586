import { Stack, Text, Title } from "@mantine/core"
import { useActorRef } from "@xstate/react"
import { type ReactNode, useEffect, useState } from "react"
import { useI18nContext } from "../../i18n/i18n-react"
import type { CanConfigsMachine } from "../../machines/telemetry/canConfigs"
import { liveCanConfigsMachine } from "../../machines/telemetry/canConfigs.actors"
import type { FixesTableMachine } from "../../machines/telemetry/fixesTable"
import { liveCanbusMachine, liveExpertMachine } from "../../machines/telemetry/fixesTable.actors"
import type { MachineId } from "../../schema/ids"
import { CanSettings } from "./CanSettings"
import { FixesPanel } from "./FixesPanel"

/** A page of raw data: its title, what it shows, and the panel that reads it. */
const RawDataPage = ({
  title,
  intro,
  machine,
  kind,
  now,
  picked,
  onPick,
  children,
}: {
  title: string
  intro: string
  machine: FixesTableMachine
  kind: "machine" | "canbus"
  now?: number
  picked?: string
  onPick?: (id: string | null) => void
  children?: ReactNode
}) => (
  <Stack gap="md">
    <Title order={1}>{title}</Title>
    <Text c="dimmed">{intro}</Text>
    <FixesPanel machine={machine} kind={kind} now={now} picked={picked} onPick={onPick}>
      {children}
    </FixesPanel>
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

/**
 * /canbus_raw (SPEC §2): a machine's raw CAN values over a UTC period, paged, and their CSV; under
 * the picker, how each of the picked machine's values reads, edited by whoever manages it.
 */
export const CanbusRawPage = ({
  machine = liveCanbusMachine,
  settings = liveCanConfigsMachine,
  now,
  picked,
  onPick,
}: {
  machine?: FixesTableMachine
  settings?: CanConfigsMachine
  now?: number
  /** The machine the address names. */
  picked?: string
  onPick?: (id: string | null) => void
}) => {
  const { LL, locale } = useI18nContext()
  const actor = useActorRef(settings)
  const [current, setCurrent] = useState<string | null>(null)
  useEffect(() => {
    if (current !== null) actor.send({ type: "can.open", machine: current as MachineId, lang: locale })
  }, [actor, current, locale])
  return (
    <RawDataPage
      title={LL.screens.canbusRaw()}
      intro={LL.telemetry.canIntro()}
      machine={machine}
      kind="canbus"
      now={now}
      picked={picked}
      onPick={(id) => {
        setCurrent(id)
        onPick?.(id)
      }}
    >
      {current === null ? null : <CanSettings actor={actor} />}
    </RawDataPage>
  )
}
